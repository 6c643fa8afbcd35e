import type { Kysely } from 'kysely';
import {
  canonicalDecimal,
  type OfferRank,
  type OfferRevision,
  type PublicRound,
  type OfferView,
  type PaymentView,
  type PublicOfferPage,
  type SealedOfferView,
} from '@mfd/contracts';
import { costRank, costDifference, type IndexValue } from '@mfd/pricing';
import type { InquiryDB } from '../../data/db';
import { listIndexValues } from '../../data/index-values.repository';
import { findInquiry, type InquiryRow } from '../../data/inquiries.repository';
import { declineOf } from '../../data/declines.repository';
import { chargesByOffer, type OfferChargeRow } from '../../data/offer-charges.repository';
import { linesByOffer, type OfferLineRow } from '../../data/offer-lines.repository';
import {
  findOffer,
  findSupplierOffer,
  listInquiryOffers,
  listRevisions,
  type OfferRow,
} from '../../data/offers.repository';
import { linesByInquiry, type ProductLineRow } from '../../data/product-lines.repository';
import { findRound, previousRoundTotals } from '../../data/rounds.repository';
import { cheapestOffers } from './cheapest-offers';
import { assertUnsealed, sealedNow } from './offer-seal';
import { OfferLinkClosedError, OfferNotFoundError } from './offer-errors';
import { recordLinkOpen } from './link-opens';
import { offerTokenHash } from './offer-link-token';
import { chargeOf, priceOffer, type OfferFigures } from './offer-pricing';
import { sentFacts } from './sent-version';
import { linkRecipient, linkStateOf } from './submit-offer';

/** The comparison shows at most this many offers of one inquiry (far more than suppliers at a port). */
export const MAX_OFFERS_SHOWN = 200;

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** numeric(10, 1) reads "500.0"; the API answers the canonical "500" as it takes it. */
const decimal = (v: string) => canonicalDecimal(v) ?? v;

function submittedLines(lines: OfferLineRow[], order: Map<string, number>) {
  return [...lines]
    .sort((a, b) => (order.get(a.product_line_id) ?? 0) - (order.get(b.product_line_id) ?? 0))
    .map((l) => ({
      product_line_id: l.product_line_id,
      pricing: l.pricing,
      price_per_mt: l.price_per_mt,
      index_name: l.index_name,
      differential: l.differential,
      min_deliverable: decimal(l.min_deliverable),
      max_deliverable: decimal(l.max_deliverable),
      delivery_method: l.delivery_method,
    }));
}

/** The structured payment terms, when the offer gave them. */
const paymentOf = (
  offer: Pick<OfferRow, 'payment_method' | 'payment_days' | 'payment_basis'>,
): PaymentView | null =>
  offer.payment_method
    ? { method: offer.payment_method, days: offer.payment_days, basis: offer.payment_basis }
    : null;

/**
 * What a supplier's link shows, in every state but superseded: the inquiry as suppliers may see it
 * (no customer, no other supplier), who sent it, and the supplier's own offer as it stands. Each
 * view is recorded as an open of the link. A link a newer mail replaced shows nothing (410): the
 * inquiry may have changed since it was sent.
 */
export async function offerPage(db: Kysely<InquiryDB>, token: string, now: Date): Promise<PublicOfferPage> {
  const link = await linkRecipient(db, token);
  await recordLinkOpen(db, link, offerTokenHash(token), now);
  const [inquiry, offer, requested, decline] = await Promise.all([
    findInquiry(db, link.tenant_id, link.inquiry_id),
    findSupplierOffer(db, link.tenant_id, link.inquiry_id, link.supplier_id),
    linesByInquiry(db, link.tenant_id, [link.inquiry_id]).then((m) => m.get(link.inquiry_id) ?? []),
    declineOf(db, link.tenant_id, link.recipient_id),
  ]);
  if (!inquiry) throw new OfferNotFoundError('link');
  const state = linkStateOf(link, inquiry, offer, now);
  if (state === 'superseded')
    throw new OfferLinkClosedError(state, { name: link.sender_name, company: link.sender_company });
  const shown = offer && offer.status !== 'draft' && offer.submitted_at ? offer : null;
  const [lines, charges] = shown
    ? await Promise.all([
        linesByOffer(db, link.tenant_id, [shown.id]).then((m) => m.get(shown.id) ?? []),
        chargesByOffer(db, link.tenant_id, [shown]).then((m) => m.get(shown.id) ?? []),
      ])
    : [[], []];
  const order = new Map(requested.map((l) => [l.id, l.position]));
  // The inquiry as the supplier was last told it: edits wait for the trader's amendment.
  const sent = sentFacts(inquiry, requested);
  const round = await roundOfOffer(db, inquiry, offer, now);
  return {
    state,
    supplier_name: link.supplier_name,
    inquiry: {
      vessel_name: sent.vessel_name,
      imo: sent.imo,
      port_name: sent.port_name,
      port_unlocode: sent.port_unlocode,
      port_timezone: sent.port_timezone,
      eta: iso(sent.eta),
      etb: iso(sent.etb),
      etd: iso(sent.etd),
      reply_by: link.reply_by.toISOString(),
      selling_terms: sent.selling_terms,
      supplier_notes: sent.supplier_notes,
      trader: { name: link.sender_name, company: link.sender_company },
      products: sent.lines.map((l) => ({
        id: l.id,
        product_name: l.product_name,
        iso_spec: l.iso_spec,
        quantity_mt_min: decimal(l.quantity_mt_min),
        quantity_mt_max: decimal(l.quantity_mt_max),
      })),
      amended_at: iso(inquiry.amended_at),
    },
    offer: shown
      ? {
          lines: submittedLines(lines, order),
          charges: charges.map(chargeOf),
          payment: paymentOf(shown),
          payment_terms: shown.payment_terms,
          valid_until: iso(shown.valid_until),
          remarks: shown.remarks,
          submitted_at: shown.submitted_at!.toISOString(),
          revision: shown.revision,
          status: shown.status,
        }
      : null,
    decline: decline
      ? {
          declined_at: decline.declined_at!.toISOString(),
          reason: decline.decline_reason!,
          remarks: decline.decline_remarks,
        }
      : null,
    round,
  };
}

type ListedOffer = Awaited<ReturnType<typeof listInquiryOffers>>[number];

const isExpired = (offer: Pick<OfferRow, 'valid_until'>, at: Date) =>
  offer.valid_until !== null && offer.valid_until.getTime() <= at.getTime();

/**
 * Which offers compete for "cheapest": the standing ones within their validity now; once one is
 * awarded, the comparison is a record of the decision, so those that stood when it was made (the
 * winner and those it beat), judged at that moment.
 */
function competesForCheapest(offers: ListedOffer[], now: Date): (offer: ListedOffer) => boolean {
  const awardedAt = offers.find((o) => o.status === 'awarded')?.awarded_at ?? null;
  if (!awardedAt) return (o) => (o.status === 'submitted' || o.status === 'awarded') && !isExpired(o, now);
  return (o) => (o.status === 'awarded' || o.status === 'not_awarded') && !isExpired(o, awardedAt);
}

/** The offer's lines as the comparison shows them, keyed by requested line. */
function lineViews(own: OfferLineRow[], asked: Map<string, ProductLineRow>, figures: OfferFigures) {
  return Object.fromEntries(
    own.map((l) => {
      const line = figures.lines.get(l.product_line_id)!;
      return [
        l.product_line_id,
        {
          product_name: asked.get(l.product_line_id)!.product_name,
          pricing: l.pricing,
          price_per_mt: l.price_per_mt,
          index_name: l.index_name,
          differential: l.differential,
          index_value: line.index_value,
          index_as_of: line.index_as_of,
          effective_price_per_mt: line.effective_price_per_mt,
          fuel_cost: line.fuel_cost,
          min_deliverable: decimal(l.min_deliverable),
          max_deliverable: decimal(l.max_deliverable),
          delivery_method: l.delivery_method,
          short: line.short_by_mt !== null,
          short_by_mt: line.short_by_mt,
        },
      ];
    }),
  );
}

/** What the comparison reads of an inquiry's offers, besides the offers themselves. */
export interface StoredOffers {
  lines: Map<string, OfferLineRow[]>;
  charges: Map<string, OfferChargeRow[]>;
  indexValues: IndexValue[];
  /** Each offer's landed cost at the end of its previous round, if it was revised in a later one. */
  previousTotals: Map<string, string | null>;
}

/**
 * The offers side by side: each landed cost in exact decimals against the quantities asked for
 * now (index lines at the trader's index values), the cheapest landed cost among complete firm
 * standing offers and the cheapest effective price per line, and what the trader must know before
 * awarding (expired, indicative, priced before the last amendment, short lines).
 */
export function compareOffers(
  inquiryRevision: number,
  requested: ProductLineRow[],
  offers: ListedOffer[],
  stored: StoredOffers,
  now: Date,
): OfferView[] {
  const asked = new Map(requested.map((l) => [l.id, l]));
  const priced = offers.map((offer) => {
    // A line the inquiry no longer has is not part of the comparison.
    const own = (stored.lines.get(offer.id) ?? []).filter((l) => asked.has(l.product_line_id));
    const charges = (stored.charges.get(offer.id) ?? []).map(chargeOf);
    return { offer, own, figures: priceOffer(requested, own, charges, stored.indexValues) };
  });
  const competes = competesForCheapest(offers, now);
  const cheapest = cheapestOffers(
    priced.map(({ offer, own, figures }) => ({
      id: offer.id,
      total: figures.total_landed_cost,
      partial: figures.partial,
      excluded: !competes(offer),
      lines: own.map((l) => ({
        product_line_id: l.product_line_id,
        price_per_mt: figures.lines.get(l.product_line_id)?.effective_price_per_mt ?? null,
      })),
    })),
  );
  return priced.map(({ offer, own, figures }) => {
    const previous = stored.previousTotals.get(offer.id) ?? null;
    return {
      id: offer.id,
      status: offer.status,
      submitted_at: iso(offer.submitted_at),
      revision: offer.revision,
      source: offer.source,
      supplier: { id: offer.supplier_id, trading_name: offer.supplier_name ?? '' },
      per_product_lines: lineViews(own, asked, figures),
      charges: figures.charges,
      barging_charges: figures.barging_charges,
      other_charges: figures.other_charges,
      payment: paymentOf(offer),
      payment_terms: offer.payment_terms,
      valid_until: iso(offer.valid_until),
      remarks: offer.remarks,
      fuel_cost: figures.fuel_cost,
      charges_cost: figures.charges_cost,
      total_landed_cost: figures.total_landed_cost,
      all_in_per_mt: figures.all_in_per_mt,
      total_stem_cost: figures.total_landed_cost,
      deliverable_total: figures.deliverable_total,
      indicative: figures.indicative,
      partial: figures.partial,
      expired: isExpired(offer, now),
      priced_before_amendment: offer.inquiry_revision < inquiryRevision,
      response_seconds: offer.response_seconds,
      cheapest_total: cheapest.total.has(offer.id),
      cheapest_lines: requested.filter((l) => cheapest.byLine.get(l.id)?.has(offer.id)).map((l) => l.id),
      awarded_at: iso(offer.awarded_at),
      award_notes: offer.award_notes,
      awarded_line_ids: offer.awarded_line_ids,
      sealed: false as const,
      // Its round and its landed cost against the end of its previous round (negative: cheaper).
      round: offer.round,
      previous_round_total: previous,
      change_from_previous_round:
        previous !== null && figures.total_landed_cost !== null
          ? costDifference(figures.total_landed_cost, previous)
          : null,
    };
  });
}

/** An offer of the comparison, not one answered sealed. */
export const isCompared = (offer: OfferView | SealedOfferView): offer is OfferView => !offer.sealed;

/** An offer while the offers are sealed: who answered and when, nothing of what. */
const sealedView = (offer: ListedOffer): SealedOfferView => ({
  id: offer.id,
  status: offer.status,
  revision: offer.revision,
  supplier: { id: offer.supplier_id, trading_name: offer.supplier_name ?? '' },
  submitted_at: iso(offer.submitted_at),
  sealed: true,
});

/**
 * Every offer of one of the tenant's inquiries, compared, or while they are sealed only who
 * answered and when; another company's inquiry is a 404.
 */
export async function inquiryOffers(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  now: Date,
): Promise<(OfferView | SealedOfferView)[]> {
  // Each read names the company, so none waits for the inquiry's: one round trip, not two.
  const [inquiry, requested, offers, indexValues] = await Promise.all([
    findInquiry(db, tenantId, inquiryId),
    linesByInquiry(db, tenantId, [inquiryId]).then((m) => m.get(inquiryId) ?? []),
    listInquiryOffers(db, tenantId, inquiryId, MAX_OFFERS_SHOWN),
    listIndexValues(db, tenantId, inquiryId),
  ]);
  if (!inquiry) throw new OfferNotFoundError('inquiry');
  if (await sealedNow(db, inquiry, now)) return offers.map(sealedView);
  const ids = offers.map((o) => o.id);
  const [lines, charges, previousTotals] = await Promise.all([
    linesByOffer(db, tenantId, ids),
    chargesByOffer(db, tenantId, offers),
    // Round 1 is the distribution: only an offer revised in a later round has an earlier one.
    previousRoundTotals(
      db,
      tenantId,
      offers.filter((o) => o.round > 1).map((o) => o.id),
    ),
  ]);
  return compareOffers(
    inquiry.revision,
    requested,
    offers,
    { lines, charges, indexValues, previousTotals },
    now,
  );
}

/** Every revision of one of the tenant's offers as it was submitted, oldest first. */
export async function offerRevisions(
  db: Kysely<InquiryDB>,
  tenantId: string,
  offerId: string,
  now: Date,
): Promise<OfferRevision[]> {
  const offer = await findOffer(db, tenantId, offerId);
  if (!offer) throw new OfferNotFoundError('offer');
  const inquiry = await findInquiry(db, tenantId, offer.inquiry_id);
  if (!inquiry) throw new OfferNotFoundError('offer');
  // A revision's prices are the offer's prices: sealed like them.
  await assertUnsealed(db, inquiry, now);
  const rows = await listRevisions(db, tenantId, offerId);
  return rows.map((row) => {
    const content = row.content as Record<string, unknown>;
    return {
      revision: row.revision,
      submitted_at: row.submitted_at.toISOString(),
      total_stem_cost: typeof content.total_stem_cost === 'string' ? content.total_stem_cost : null,
      offer: content,
    };
  });
}

/**
 * Each supplier's own rank on landed cost among the current offers (standing, within validity,
 * with a known total), by offer id. Read in the round's transaction, so it ranks what the mails say.
 */
export async function currentRanks(
  trx: Kysely<InquiryDB>,
  inquiry: InquiryRow,
  offerIds: string[],
  now: Date,
): Promise<Map<string, OfferRank>> {
  const views = await inquiryOffers(trx, inquiry.tenant_id, inquiry.id, now);
  const totals = views
    .filter(isCompared)
    .filter((v) => v.status === 'submitted' && !v.expired)
    .map((v) => ({ id: v.id, total: v.total_landed_cost }));
  return new Map(
    offerIds.flatMap((id) => {
      const rank = costRank(totals, id);
      return rank ? [[id, rank] as const] : [];
    }),
  );
}

/**
 * The round a supplier's link is invited to, while the inquiry is in it: its reply-by, the trader's
 * message and, when the trader chose to tell it, the supplier's own rank now. None otherwise.
 */
async function roundOfOffer(
  db: Kysely<InquiryDB>,
  inquiry: InquiryRow,
  offer: OfferRow | undefined,
  now: Date,
): Promise<PublicRound | null> {
  if (inquiry.round < 2 || !offer || offer.shortlisted_round !== inquiry.round) return null;
  const round = await findRound(db, inquiry.tenant_id, inquiry.id, inquiry.round);
  if (!round) return null;
  const rank = round.show_rank
    ? ((await currentRanks(db, inquiry, [offer.id], now)).get(offer.id) ?? null)
    : null;
  return { round: round.round, reply_by: round.reply_by.toISOString(), message: round.message, rank };
}
