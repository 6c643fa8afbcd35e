import type { Kysely } from 'kysely';
import type { ChargeInput } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { chargesByOffer } from '../../data/offer-charges.repository';
import { indexValuesByInquiry } from '../../data/price-history.repository';
import { offeredLines, offeredOffers, requestedLines } from '../../data/scorecards.repository';
import { chargeOf, comparableTotal, priceOffer, type OfferFigures } from '../rfq/offer-pricing';

/**
 * What pricing the offered offers of the inquiries reads: the offers with their lines and charges,
 * the inquiries' requested lines and index values. The reads that need no offer ids run beside
 * the offers' own.
 */
async function offersToPrice(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  const offers = offeredOffers(db, tenantId, inquiryIds);
  const [listed, charges, requested, lines, indexValues] = await Promise.all([
    offers,
    offers.then((o) => chargesByOffer(db, tenantId, o)),
    requestedLines(db, tenantId, inquiryIds),
    offeredLines(db, tenantId, inquiryIds),
    indexValuesByInquiry(db, tenantId, inquiryIds),
  ]);
  return {
    requested,
    offers: listed.map((o) => ({
      ...o,
      requested: requested.get(o.inquiry_id) ?? [],
      lines: lines.get(o.id) ?? [],
      charges: (charges.get(o.id) ?? []).map(chargeOf) satisfies ChargeInput[],
      indexValues: indexValues.get(o.inquiry_id) ?? [],
    })),
  };
}

/**
 * Every offered offer on the inquiries priced as the comparison prices it (priceOffer: the
 * inquiry's requested quantities and index values), with its charges, and the inquiries' lines.
 */
export async function pricedOffers(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  const { requested, offers } = await offersToPrice(db, tenantId, inquiryIds);
  return {
    requested,
    offers: offers.map(({ requested: asked, lines, indexValues, ...o }) => {
      const figures: OfferFigures = priceOffer(asked, lines, o.charges, indexValues);
      return { ...o, figures };
    }),
  };
}

export type PricedOffer = Awaited<ReturnType<typeof pricedOffers>>['offers'][number];

/** The comparable ones: firm and complete (an indicative or partial offer prices something else). */
export function comparable(offers: PricedOffer[]) {
  return offers.flatMap((o) =>
    o.figures.total_landed_cost === null || o.figures.partial
      ? []
      : [{ ...o, total: o.figures.total_landed_cost }],
  );
}

/** The landed cost of each comparable offer on the inquiries (comparableTotal), with its offer. */
export async function comparableTotals(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  const { offers } = await offersToPrice(db, tenantId, inquiryIds);
  return offers.flatMap((o) => {
    const total = comparableTotal(o.requested, o.lines, o.charges, o.indexValues);
    return total === null ? [] : [{ inquiry_id: o.inquiry_id, supplier_id: o.supplier_id, total }];
  });
}
