import type { Kysely } from 'kysely';
import type { InquiryDB } from '../../data/db';
import { chargesByOffer } from '../../data/offer-charges.repository';
import { linesByOffer } from '../../data/offer-lines.repository';
import { indexValuesByInquiry } from '../../data/price-history.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import { offeredOffers } from '../../data/scorecards.repository';
import { chargeOf, priceOffer } from '../rfq/offer-pricing';

/**
 * The landed cost of each comparable offer on the inquiries: only firm, complete offers (an
 * indicative or partial one prices something else), at the inquiry's requested quantities and
 * index values (the comparison's own rule, priceOffer).
 */
export async function comparableTotals(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
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
  return offers.flatMap((o) => {
    const figures = priceOffer(
      requested.get(o.inquiry_id) ?? [],
      lines.get(o.id) ?? [],
      (charges.get(o.id) ?? []).map(chargeOf),
      indexValues.get(o.inquiry_id) ?? [],
    );
    return figures.total_landed_cost === null || figures.partial
      ? []
      : [{ ...o, total: figures.total_landed_cost }];
  });
}
