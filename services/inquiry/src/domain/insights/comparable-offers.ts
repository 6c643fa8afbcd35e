import type { Kysely } from 'kysely';
import type { ChargeInput } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { chargesByOffer } from '../../data/offer-charges.repository';
import { linesByOffer } from '../../data/offer-lines.repository';
import { indexValuesByInquiry } from '../../data/price-history.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import { offeredOffers } from '../../data/scorecards.repository';
import { chargeOf, priceOffer, type OfferFigures } from '../rfq/offer-pricing';

/**
 * Every offered offer on the inquiries priced as the comparison prices it (priceOffer: the
 * inquiry's requested quantities and index values), with its charges, and the inquiries' lines.
 */
export async function pricedOffers(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  const offers = await offeredOffers(db, tenantId, inquiryIds);
  const [requested, lines, charges, indexValues] = await Promise.all([
    linesByInquiry(db, tenantId, inquiryIds),
    linesByOffer(
      db,
      tenantId,
      offers.map((o) => o.id),
    ),
    chargesByOffer(db, tenantId, offers),
    indexValuesByInquiry(db, tenantId, inquiryIds),
  ]);
  return {
    requested,
    offers: offers.map((o) => {
      const offerCharges: ChargeInput[] = (charges.get(o.id) ?? []).map(chargeOf);
      const figures: OfferFigures = priceOffer(
        requested.get(o.inquiry_id) ?? [],
        lines.get(o.id) ?? [],
        offerCharges,
        indexValues.get(o.inquiry_id) ?? [],
      );
      return { ...o, charges: offerCharges, figures };
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

/** The landed cost of each comparable offer on the inquiries (see pricedOffers and comparable). */
export async function comparableTotals(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  return comparable((await pricedOffers(db, tenantId, inquiryIds)).offers);
}
