import type { Kysely } from 'kysely';
import { canonicalDecimal, MAX_RECIPIENTS, QUEUES, type awardInput, type RfqMailFacts } from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import type { InquiryDB } from '../../data/db';
import { findInquiry, updateInquiry, type InquiryRow } from '../../data/inquiries.repository';
import { listIndexValues } from '../../data/index-values.repository';
import { chargesByOffer } from '../../data/offer-charges.repository';
import { linesByOffer } from '../../data/offer-lines.repository';
import { findOffer, markAwarded, markOthersNotAwarded, type OfferRow } from '../../data/offers.repository';
import { linesByInquiry, type ProductLineRow } from '../../data/product-lines.repository';
import { invitationJobIds, threadKey } from '../../data/recipients.repository';
import { byUser, recordAudit } from '../audit';
import type { z } from 'zod';
import type { Caller } from '../inquiries';
import { nextStatus } from '../inquiry-lifecycle';
import { nextOfferStatus } from './offer-lifecycle';
import { OfferExpiredError, OfferNotFoundError, OfferRevisedError } from './offer-errors';
import { chargeOf, priceOffer } from './offer-pricing';
import { mailSenderOf, replyRouteOf } from './recipient-mail';
import { rfqFacts } from './rfq-facts';
import type { AdmittedSender, SupplierMailGate } from './supplier-mail-gate';

const tonnes = (v: string) => canonicalDecimal(v) ?? v;

/** Award notices carry this reference: their delivery is no recipient's invitation status. */
export const awardReference = (offerId: string) => `notice:${offerId}`;

/** Fails early (404) before the awarding trader's profile is read. */
export async function assertOfferExists(db: Kysely<InquiryDB>, caller: Caller, offerId: string) {
  if (!(await findOffer(db, caller.tenantId, offerId))) throw new OfferNotFoundError('offer');
}

function mailEnvelope(
  inquiry: InquiryRow,
  sender: AdmittedSender,
  to: string,
  name: string | null,
  offerId: string,
  /** The invitation mailed to this address (none for an offer recorded by hand): the mail replies to it. */
  threadJobId: string | null,
  /** The recipient the offer came through (none for an offer recorded by hand): a reply lands there. */
  recipientId: string | null,
) {
  return {
    type: 'mail.send' as const,
    to,
    to_name: name,
    source: 'inquiry' as const,
    reference: awardReference(offerId),
    tenant_id: inquiry.tenant_id,
    reply_to: sender.email,
    reply_route: recipientId
      ? replyRouteOf({ id: recipientId, tenant_id: inquiry.tenant_id, inquiry_id: inquiry.id })
      : null,
    signature: sender.signature,
    sender: mailSenderOf(sender),
    thread_job_id: threadJobId,
  };
}

/** The invitation job of an offer's supplier address, from `invitationJobIds`. */
const threadOf = (threads: Map<string, string>, offer: { supplier_id: string | null }, email: string) =>
  (offer.supplier_id && threads.get(threadKey(offer.supplier_id, email))) || null;

/** The winner's confirmation: the agreed lines with their prices, the itemised charges and the landed cost. */
async function writeConfirmation(
  trx: Kysely<InquiryDB>,
  inquiry: InquiryRow,
  requested: ProductLineRow[],
  rfq: RfqMailFacts,
  offer: OfferRow,
  sender: AdmittedSender,
  notes: string | null,
  threads: Map<string, string>,
): Promise<void> {
  if (!offer.supplier_email) return;
  const [priced, charges, indexValues] = await Promise.all([
    linesByOffer(trx, inquiry.tenant_id, [offer.id]).then((m) => m.get(offer.id) ?? []),
    chargesByOffer(trx, inquiry.tenant_id, [offer]).then((m) => (m.get(offer.id) ?? []).map(chargeOf)),
    listIndexValues(trx, inquiry.tenant_id, inquiry.id),
  ]);
  const byLine = new Map(priced.map((l) => [l.product_line_id, l]));
  const agreed = requested.flatMap((line) => {
    const price = byLine.get(line.id);
    return price ? [{ line, price }] : [];
  });
  const figures = priceOffer(
    requested,
    agreed.map((a) => a.price),
    charges,
    indexValues,
  );
  const names = new Map(requested.map((l) => [l.id, l.product_name]));
  await writeOutbox(trx, QUEUES.mailSend, {
    ...mailEnvelope(
      inquiry,
      sender,
      offer.supplier_email,
      offer.supplier_name,
      offer.id,
      threadOf(threads, offer, offer.supplier_email),
      offer.recipient_id,
    ),
    mail: {
      template: 'offer-awarded',
      data: {
        supplier_name: offer.supplier_name ?? '',
        rfq,
        agent_name: inquiry.agent_name,
        agent_email: inquiry.agent_email,
        lines: agreed.map(({ line, price }) => ({
          product_name: line.product_name,
          iso_spec: line.iso_spec,
          quantity_mt_min: tonnes(line.quantity_mt_min),
          quantity_mt_max: tonnes(line.quantity_mt_max),
          pricing: price.pricing,
          price_per_mt: price.price_per_mt,
          index_name: price.index_name,
          differential: price.differential,
          delivery_method: price.delivery_method,
        })),
        charges: figures.charges.map(({ product_line_ids, ...charge }) => ({
          ...charge,
          product_names: product_line_ids?.flatMap((id) => names.get(id) ?? []) ?? null,
        })),
        fuel_cost: figures.fuel_cost,
        charges_cost: figures.charges_cost,
        total_landed_cost: figures.total_landed_cost,
        payment: offer.payment_method
          ? { method: offer.payment_method, days: offer.payment_days, basis: offer.payment_basis }
          : null,
        payment_terms: offer.payment_terms,
        notes,
      },
    },
  });
}

/**
 * Awards one offer in one transaction under the inquiry's lock: the offer is awarded, every other
 * standing offer of the inquiry is not, the inquiry is closed as awarded, and the winner's
 * confirmation and the others' notes go into the outbox with it, through the supplier mail gate.
 * The award binds the revision the trader reviewed: one revised since is refused (409) with the
 * revision it is now, so the confirmation quotes the prices the trader saw. A second award, an
 * offer that is not standing, or one past its validity is refused (409) with nothing written.
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
    const inquiryStatus = nextStatus(inquiry.status, 'award');
    nextOfferStatus(offer.status, 'award');
    if (offer.revision !== input.revision) throw new OfferRevisedError(offer.revision);
    if (offer.valid_until && offer.valid_until.getTime() <= now.getTime()) throw new OfferExpiredError();

    await markAwarded(trx, caller.tenantId, offer.id, { by: caller.userId, notes: input.notes, at: now });
    const losers = await markOthersNotAwarded(trx, caller.tenantId, inquiry.id, offer.id);
    await updateInquiry(trx, caller.tenantId, inquiry.id, { status: inquiryStatus });
    await recordAudit(trx, {
      ...byUser(caller, inquiry.id),
      type: 'offer_awarded',
      detail: {
        supplier_name: offer.supplier_name ?? '',
        revision: offer.revision,
        notes: input.notes,
        not_awarded: losers.slice(0, MAX_RECIPIENTS).map((loser) => loser.supplier_name ?? ''),
        not_awarded_count: losers.length,
      },
      changes: { status: { before: inquiry.status, after: inquiryStatus } },
    });
    const sender = await gate.admit(
      [offer.supplier_email, ...losers.map((l) => l.supplier_email)].filter((e): e is string => !!e),
    );

    const requested = (await linesByInquiry(trx, caller.tenantId, [inquiry.id])).get(inquiry.id) ?? [];
    const rfq = rfqFacts(inquiry, requested);
    const threads = await invitationJobIds(trx, caller.tenantId, inquiry.id);
    await writeConfirmation(trx, inquiry, requested, rfq, offer, sender, input.notes, threads);
    for (const loser of losers) {
      if (!loser.supplier_email) continue;
      await writeOutbox(trx, QUEUES.mailSend, {
        ...mailEnvelope(
          inquiry,
          sender,
          loser.supplier_email,
          loser.supplier_name,
          loser.id,
          threadOf(threads, loser, loser.supplier_email),
          loser.recipient_id,
        ),
        mail: { template: 'offer-not-awarded', data: { supplier_name: loser.supplier_name ?? '', rfq } },
      });
    }
  });
  await gate.settle(award);
}
