import type { Kysely } from 'kysely';
import { MAX_RECIPIENTS, type awardInput, type splitAwardInput } from '@mfd/contracts';
import type { z } from 'zod';
import type { InquiryDB } from '../../data/db';
import { findInquiry, updateInquiry, type InquiryRow } from '../../data/inquiries.repository';
import { linesByOffer } from '../../data/offer-lines.repository';
import {
  findInquiryOffers,
  findOffer,
  markAwarded,
  markOthersNotAwarded,
  type OfferRow,
} from '../../data/offers.repository';
import { linesByInquiry, type ProductLineRow } from '../../data/product-lines.repository';
import { invitationJobIds } from '../../data/recipients.repository';
import { byUser, recordAudit, type AuditEntry } from '../audit';
import { refreshAwardSavings } from '../insights/award-savings';
import type { Caller } from '../inquiries';
import { nextStatus } from '../inquiry-lifecycle';
import { afterWinnerAwarded, type AwardedWinner } from './after-award';
import { writeNotAwarded, type AwardMailContext } from './award-mails';
import { nextOfferStatus } from './offer-lifecycle';
import { OfferExpiredError, OfferInputError, OfferNotFoundError, OfferRevisedError } from './offer-errors';
import { assertUnsealed } from './offer-seal';
import { rfqFacts } from './rfq-facts';
import { planSplitAward, type PlannedWinner } from './split-award-plan';
import type { SupplierMailGate } from './supplier-mail-gate';

/** Fails early (404) before the awarding trader's profile is read. */
export async function assertOfferExists(db: Kysely<InquiryDB>, caller: Caller, offerId: string) {
  const offer = await findOffer(db, caller.tenantId, offerId);
  if (!offer) throw new OfferNotFoundError('offer');
  return offer.inquiry_id;
}

/** Fails early (404) before the awarding trader's profile is read. */
export async function assertInquiryExists(db: Kysely<InquiryDB>, caller: Caller, inquiryId: string) {
  if (!(await findInquiry(db, caller.tenantId, inquiryId))) throw new OfferNotFoundError('inquiry');
}

/** The trader's decision, checked against the inquiry under its lock. */
interface Decision {
  inquiry: InquiryRow;
  requested: ProductLineRow[];
  winners: { offer: OfferRow; planned: PlannedWinner }[];
  notPlaced: string[];
  notes: string | null;
}

/**
 * Carries out an award inside its transaction, under the inquiry's lock: each winner must still be
 * a standing offer at the revision the trader reviewed (409 with the revision it is now) and within
 * its validity (409); then each winner is awarded with the lines it won, every other standing offer
 * is not, the inquiry is awarded, its saving is kept (award_savings), the trail records it, and
 * through the supplier mail gate each winner's confirmation of its own lines and the others' notes
 * go into the outbox.
 */
async function carryOut(
  trx: Kysely<InquiryDB>,
  caller: Caller,
  { inquiry, requested, winners, notPlaced, notes }: Decision,
  gate: SupplierMailGate,
  now: Date,
): Promise<void> {
  const inquiryStatus = nextStatus(inquiry.status, 'award');
  // Sealed offers are decided on once all are in or the reply-by passed: read under the lock.
  await assertUnsealed(trx, inquiry, now);
  for (const { offer, planned } of winners) {
    nextOfferStatus(offer.status, 'award');
    if (offer.revision !== planned.revision) throw new OfferRevisedError(offer.revision, offer.id);
    if (offer.valid_until && offer.valid_until.getTime() <= now.getTime()) throw new OfferExpiredError();
  }
  for (const { offer, planned } of winners)
    await markAwarded(trx, caller.tenantId, offer.id, {
      by: caller.userId,
      notes,
      at: now,
      lineIds: planned.lineIds,
    });
  const losers = await markOthersNotAwarded(
    trx,
    caller.tenantId,
    inquiry.id,
    winners.map((w) => w.offer.id),
  );
  await updateInquiry(trx, caller.tenantId, inquiry.id, { status: inquiryStatus });
  // What the award saved is kept with it, for the dashboard's sums (it never changes after).
  await refreshAwardSavings(trx, caller.tenantId, [inquiry.id]);

  const names = new Map(requested.map((l) => [l.id, l.product_name]));
  const split = winners.length > 1 || notPlaced.length > 0;
  await recordAudit(
    trx,
    winners.map(({ offer, planned }, i): AuditEntry => ({
      ...byUser(caller, inquiry.id),
      type: 'offer_awarded',
      detail: {
        supplier_name: offer.supplier_name ?? '',
        revision: offer.revision,
        notes,
        not_awarded: losers.slice(0, MAX_RECIPIENTS).map((loser) => loser.supplier_name ?? ''),
        not_awarded_count: losers.length,
        ...(split
          ? {
              product_names: planned.lineIds.map((id) => names.get(id)!),
              not_placed: notPlaced.map((id) => names.get(id)!),
            }
          : {}),
      },
      // The inquiry's status changes once, with the first winner.
      ...(i === 0 ? { changes: { status: { before: inquiry.status, after: inquiryStatus } } } : {}),
    })),
  );

  const sender = await gate.admit(
    [...winners.map((w) => w.offer.supplier_email), ...losers.map((l) => l.supplier_email)].filter(
      (e): e is string => !!e,
    ),
  );
  const ctx: AwardMailContext = {
    inquiry,
    requested,
    rfq: rfqFacts(inquiry, requested),
    sender,
    threads: await invitationJobIds(trx, caller.tenantId, inquiry.id),
  };
  for (const { offer, planned } of winners) {
    const winner: AwardedWinner = { offer, lineIds: planned.lineIds };
    await afterWinnerAwarded(trx, { caller, mail: ctx, notes, now }, winner);
  }
  for (const loser of losers) await writeNotAwarded(trx, ctx, loser);
}

/**
 * Awards one offer whole, the lines it priced (that the inquiry still has): the revision the
 * trader reviewed binds it, as for a split award. A second award, an offer that is not standing,
 * or one past its validity is refused (409) with nothing written.
 */
export async function awardOffer(
  db: Kysely<InquiryDB>,
  caller: Caller,
  offerId: string,
  input: z.output<typeof awardInput>,
  gate: SupplierMailGate,
  now: Date,
): Promise<void> {
  const award = db.transaction().execute(async (trx) => {
    const before = await findOffer(trx, caller.tenantId, offerId);
    if (!before) throw new OfferNotFoundError('offer');
    const inquiry = await findInquiry(trx, caller.tenantId, before.inquiry_id, true);
    if (!inquiry) throw new OfferNotFoundError('offer');
    // Read again under the lock: a revision or another award may have landed meanwhile.
    const offer = (await findOffer(trx, caller.tenantId, offerId))!;
    const requested = (await linesByInquiry(trx, caller.tenantId, [inquiry.id])).get(inquiry.id) ?? [];
    const priced = new Set(
      ((await linesByOffer(trx, caller.tenantId, [offer.id])).get(offer.id) ?? []).map(
        (l) => l.product_line_id,
      ),
    );
    const lineIds = requested.filter((l) => priced.has(l.id)).map((l) => l.id);
    const planned = { offerId: offer.id, revision: input.revision, lineIds };
    await carryOut(
      trx,
      caller,
      { inquiry, requested, winners: [{ offer, planned }], notPlaced: [], notes: input.notes },
      gate,
      now,
    );
  });
  await gate.settle(award);
}

/**
 * A split award: each fuel line to the offer the trader picked for it, or not placed. The plan is
 * checked against the inquiry and its offers under the inquiry's lock (400 per field), then carried
 * out like any award in the same transaction.
 */
export async function awardLines(
  db: Kysely<InquiryDB>,
  caller: Caller,
  inquiryId: string,
  input: z.output<typeof splitAwardInput>,
  gate: SupplierMailGate,
  now: Date,
): Promise<void> {
  const award = db.transaction().execute(async (trx) => {
    const inquiry = await findInquiry(trx, caller.tenantId, inquiryId, true);
    if (!inquiry) throw new OfferNotFoundError('inquiry');
    const requested = (await linesByInquiry(trx, caller.tenantId, [inquiry.id])).get(inquiry.id) ?? [];
    const offers = await findInquiryOffers(trx, caller.tenantId, inquiry.id, [
      ...new Set(input.lines.map((l) => l.offer_id)),
    ]);
    const priced = await linesByOffer(
      trx,
      caller.tenantId,
      offers.map((o) => o.id),
    );
    const plan = planSplitAward(
      requested,
      offers.map((o) => ({
        id: o.id,
        pricedLineIds: new Set((priced.get(o.id) ?? []).map((l) => l.product_line_id)),
      })),
      input,
    );
    if (!plan.ok) throw new OfferInputError(plan.errors);
    const byId = new Map(offers.map((o) => [o.id, o]));
    await carryOut(
      trx,
      caller,
      {
        inquiry,
        requested,
        winners: plan.winners.map((planned) => ({ offer: byId.get(planned.offerId)!, planned })),
        notPlaced: plan.notPlaced,
        notes: input.notes,
      },
      gate,
      now,
    );
  });
  await gate.settle(award);
}
