import type { Kysely } from 'kysely';
import type { InquiryDB } from '../../data/db';
import type { OfferRow } from '../../data/offers.repository';
import type { Caller } from '../inquiries';
import { createStem } from '../stems/create-stems';
import { writeConfirmation, type AwardMailContext } from './award-mails';

/** A winning offer of an award (whole or split) with the fuel lines it won, in the inquiry's order. */
export interface AwardedWinner {
  offer: OfferRow;
  lineIds: string[];
}

/** What the award hands each step that follows it. */
export interface AwardFollowUp {
  caller: Caller;
  mail: AwardMailContext;
  notes: string | null;
  now: Date;
}

/**
 * What an award starts for each winning offer, in the award's transaction after the offers and the
 * inquiry are marked: the winner's confirmation of its own lines, and its stem (a draft of the
 * lines it won). The one place for anything else an award begins per winner, so whole and split
 * awards do it alike.
 */
export async function afterWinnerAwarded(
  trx: Kysely<InquiryDB>,
  followUp: AwardFollowUp,
  winner: AwardedWinner,
): Promise<void> {
  await writeConfirmation(trx, followUp.mail, winner.offer, winner.lineIds, followUp.notes);
  const { inquiry, requested, sender } = followUp.mail;
  await createStem(trx, followUp.caller, inquiry, requested, winner, sender, followUp.now);
}
