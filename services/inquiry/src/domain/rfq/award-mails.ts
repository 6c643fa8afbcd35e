import type { Kysely } from 'kysely';
import { canonicalDecimal, QUEUES, type RfqMailFacts } from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import type { InquiryDB } from '../../data/db';
import type { InquiryRow } from '../../data/inquiries.repository';
import { listIndexValues } from '../../data/index-values.repository';
import { chargesByOffer } from '../../data/offer-charges.repository';
import { linesByOffer } from '../../data/offer-lines.repository';
import type { OfferRow } from '../../data/offers.repository';
import type { ProductLineRow } from '../../data/product-lines.repository';
import { threadKey } from '../../data/recipients.repository';
import { chargeOf, priceOffer } from './offer-pricing';
import { mailSenderOf, replyRouteOf } from './recipient-mail';
import type { AdmittedSender } from './supplier-mail-gate';

const tonnes = (v: string) => canonicalDecimal(v) ?? v;

/** Award notices carry this reference: their delivery is no recipient's invitation status. */
const awardReference = (offerId: string) => `notice:${offerId}`;

/** What every award mail of one award shares. */
export interface AwardMailContext {
  inquiry: InquiryRow;
  requested: ProductLineRow[];
  rfq: RfqMailFacts;
  sender: AdmittedSender;
  /** The invitation job of each supplier address (`invitationJobIds`): award mails reply to it. */
  threads: Map<string, string>;
}

type Addressee = Pick<OfferRow, 'id' | 'supplier_id' | 'supplier_name' | 'recipient_id'> & {
  supplier_email: string;
};

function envelope(ctx: AwardMailContext, offer: Addressee) {
  const { inquiry, sender } = ctx;
  return {
    type: 'mail.send' as const,
    to: offer.supplier_email,
    to_name: offer.supplier_name,
    source: 'inquiry' as const,
    reference: awardReference(offer.id),
    tenant_id: inquiry.tenant_id,
    reply_to: sender.email,
    // The recipient the offer came through (none for an offer recorded by hand): a reply lands there.
    reply_route: offer.recipient_id
      ? replyRouteOf({ id: offer.recipient_id, tenant_id: inquiry.tenant_id, inquiry_id: inquiry.id })
      : null,
    signature: sender.signature,
    sender: mailSenderOf(sender),
    // The invitation mailed to this address (none for an offer recorded by hand): the mail replies to it.
    thread_job_id:
      (offer.supplier_id && ctx.threads.get(threadKey(offer.supplier_id, offer.supplier_email))) || null,
  };
}

/**
 * A winner's confirmation of the lines it won, and only those: their agreed prices, and the
 * charges and landed cost recomputed over them (a charge on none of them is left out; a lump sum
 * stays whole; a charge on every line means every line it won).
 */
export async function writeConfirmation(
  trx: Kysely<InquiryDB>,
  ctx: AwardMailContext,
  offer: OfferRow,
  lineIds: string[],
  notes: string | null,
): Promise<void> {
  if (!offer.supplier_email) return;
  const { inquiry } = ctx;
  const won = new Set(lineIds);
  const [priced, charges, indexValues] = await Promise.all([
    linesByOffer(trx, inquiry.tenant_id, [offer.id]).then((m) => m.get(offer.id) ?? []),
    chargesByOffer(trx, inquiry.tenant_id, [offer]).then((m) => (m.get(offer.id) ?? []).map(chargeOf)),
    listIndexValues(trx, inquiry.tenant_id, inquiry.id),
  ]);
  const requested = ctx.requested.filter((l) => won.has(l.id));
  const byLine = new Map(priced.map((l) => [l.product_line_id, l]));
  const agreed = requested.flatMap((line) => {
    const price = byLine.get(line.id);
    return price ? [{ line, price }] : [];
  });
  const applying = charges.filter((c) => !c.product_line_ids || c.product_line_ids.some((id) => won.has(id)));
  const figures = priceOffer(
    requested,
    agreed.map((a) => a.price),
    applying,
    indexValues,
  );
  const names = new Map(requested.map((l) => [l.id, l.product_name]));
  await writeOutbox(trx, QUEUES.mailSend, {
    ...envelope(ctx, { ...offer, supplier_email: offer.supplier_email }),
    mail: {
      template: 'offer-awarded',
      data: {
        supplier_name: offer.supplier_name ?? '',
        rfq: ctx.rfq,
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

/** A short note to a supplier whose offer was not taken. */
export async function writeNotAwarded(
  trx: Kysely<InquiryDB>,
  ctx: AwardMailContext,
  loser: Pick<OfferRow, 'id' | 'supplier_id' | 'supplier_name' | 'supplier_email' | 'recipient_id'>,
): Promise<void> {
  if (!loser.supplier_email) return;
  await writeOutbox(trx, QUEUES.mailSend, {
    ...envelope(ctx, { ...loser, supplier_email: loser.supplier_email }),
    mail: { template: 'offer-not-awarded', data: { supplier_name: loser.supplier_name ?? '', rfq: ctx.rfq } },
  });
}
