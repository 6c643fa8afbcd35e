import type { Kysely } from 'kysely';
import { MAX_RECIPIENTS, type FieldError, type OfferRank, type roundInput } from '@mfd/contracts';
import type { z } from 'zod';
import type { InquiryDB } from '../../data/db';
import { findInquiry, updateInquiry } from '../../data/inquiries.repository';
import { findInquiryOffers, type OfferRow } from '../../data/offers.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import {
  insertRound,
  recipientsByIds,
  setRecipientsReplyBy,
  shortlistOffers,
} from '../../data/rounds.repository';
import { byUser, recordAudit } from '../audit';
import type { Caller } from '../inquiries';
import { nextStatus } from '../inquiry-lifecycle';
import { OfferInputError, OfferNotFoundError } from './offer-errors';
import { currentRanks } from './offer-views';
import { writeLinkMails } from './recipient-mail';
import { rfqFacts } from './rfq-facts';
import type { NoticeSource } from './supplier-mail-gate';

type RoundInput = z.output<typeof roundInput>;

/** Why an offer may not be shortlisted, or null when it may. */
function shortlistRefusal(offer: OfferRow | undefined): string | null {
  if (!offer) return 'Offer is not an offer on this inquiry';
  if (offer.status !== 'submitted')
    return `Only a standing offer can be shortlisted: this one is ${offer.status.replace('_', ' ')}`;
  if (!offer.recipient_id) return 'This supplier was never sent the inquiry: it has no link to invite';
  return null;
}

/**
 * Starts the next negotiation round in one transaction under the inquiry's lock: the shortlisted
 * offers (standing, each from a supplier the inquiry was sent to; 400 per offer otherwise) are
 * invited, their addresses' reply-by becomes the round's, and each is mailed "Round n" with the
 * trader's message, its own rank when the trader tells it, and a fresh link (the older one
 * retired); from then on only they may revise. Passes the supplier mail gate; the trail records it.
 */
export async function startRound(
  db: Kysely<InquiryDB>,
  caller: Caller,
  inquiryId: string,
  input: RoundInput,
  notices: NoticeSource,
  now: Date,
): Promise<{ round: number; invitedCount: number }> {
  const replyBy = new Date(input.reply_by);
  if (replyBy.getTime() <= now.getTime())
    throw new OfferInputError([{ field: 'reply_by', message: 'Reply by must be in the future' }]);
  const work = db.transaction().execute(async (trx) => {
    const inquiry = await findInquiry(trx, caller.tenantId, inquiryId, true);
    if (!inquiry) throw new OfferNotFoundError('inquiry');
    nextStatus(inquiry.status, 'receive_offer');
    const ids = [...new Set(input.offer_ids)];
    const offers = new Map(
      (await findInquiryOffers(trx, caller.tenantId, inquiry.id, ids)).map((o) => [o.id, o]),
    );
    const errors: FieldError[] = input.offer_ids.flatMap((id, i) => {
      const refusal = shortlistRefusal(offers.get(id));
      return refusal ? [{ field: `offer_ids.${i}`, message: refusal }] : [];
    });
    if (errors.length) throw new OfferInputError(errors);
    const shortlisted = ids.map((id) => offers.get(id)!);

    const round = inquiry.round + 1;
    await insertRound(trx, {
      tenant_id: caller.tenantId,
      inquiry_id: inquiry.id,
      round,
      reply_by: replyBy,
      message: input.message,
      show_rank: input.show_rank,
      started_by: caller.userId,
    });
    await updateInquiry(trx, caller.tenantId, inquiry.id, { round });
    await shortlistOffers(trx, caller.tenantId, ids, round);
    const recipientIds = shortlisted.map((o) => o.recipient_id!);
    await setRecipientsReplyBy(trx, caller.tenantId, recipientIds, replyBy);
    await recordAudit(trx, {
      ...byUser(caller, inquiry.id),
      type: 'round_started',
      detail: {
        round,
        reply_by: replyBy.toISOString(),
        show_rank: input.show_rank,
        message: input.message,
        invited: shortlisted.slice(0, MAX_RECIPIENTS).map((o) => o.supplier_name ?? ''),
      },
      changes: { round: { before: inquiry.round, after: round } },
    });

    const recipients = await recipientsByIds(trx, caller.tenantId, inquiry.id, recipientIds);
    const sender = await notices.gate.admit(recipients.map((r) => r.email));
    const ranks = input.show_rank ? await currentRanks(trx, inquiry, ids, now) : new Map<string, OfferRank>();
    const byRecipient = new Map(
      shortlisted.flatMap((o) => {
        const rank = ranks.get(o.id);
        return rank ? [[o.recipient_id!, rank] as const] : [];
      }),
    );
    const lines = (await linesByInquiry(trx, caller.tenantId, [inquiry.id])).get(inquiry.id) ?? [];
    await writeLinkMails(trx, { secrets: notices.secrets, sender }, recipients, rfqFacts(inquiry, lines), {
      template: 'rfq-round',
      round,
      message: input.message,
      ranks: byRecipient,
    });
    return { round, invitedCount: recipients.length };
  });
  return notices.gate.settle(work);
}
