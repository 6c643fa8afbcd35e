import type { Kysely } from 'kysely';
import type { InquirySavings } from '@mfd/contracts';
import { awardSavings, splitLandedCost } from '@mfd/pricing';
import type { InquiryDB } from '../../data/db';
import type { RequestedLine } from '../rfq/offer-pricing';
import { comparable, pricedOffers, type PricedOffer } from './comparable-offers';

/**
 * The award's landed cost: each winner's landed cost over the lines it won, with its offer's
 * charges, at the requested max and the inquiry's index values (splitLandedCost, the rule the split
 * award panel costs a split by; one whole winner is its offer's own landed cost). None while a
 * part is unknown (an index without a value), and none when a line is not placed: the comparable
 * offers price every line, so the fuel left unbought would count as saved.
 */
export function awardCost(requested: RequestedLine[], offers: PricedOffer[]): string | null {
  const winners = offers
    .filter((o) => o.status === 'awarded')
    .map((o) => ({
      offer: o,
      // An award from before split awards recorded no lines: it took every line its offer priced.
      won: requested.filter((l) =>
        o.awarded_line_ids ? o.awarded_line_ids.includes(l.id) : o.figures.lines.has(l.id),
      ),
    }));
  const placed = new Set(winners.flatMap((w) => w.won.map((l) => l.id)));
  if (requested.some((l) => !placed.has(l.id))) return null;
  return splitLandedCost(
    winners.map(({ offer, won }) => ({
      lines: won.map((l) => ({
        product_line_id: l.id,
        price_per_mt: offer.figures.lines.get(l.id)?.effective_price_per_mt ?? null,
        quantity_mt: l.quantity_mt_max,
      })),
      charges: offer.charges,
    })),
  );
}

/**
 * Per awarded inquiry, what its award (whole or split) saved against the mean and the highest
 * landed cost of its comparable offers (the winners' included when comparable); inquiries whose
 * award has no landed cost, or without a comparable offer, are absent.
 */
export async function savingsByInquiry(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryIds: string[],
): Promise<Map<string, InquirySavings>> {
  const { requested, offers } = await pricedOffers(db, tenantId, inquiryIds);
  const byInquiry = new Map<string, PricedOffer[]>();
  for (const o of offers) {
    const group = byInquiry.get(o.inquiry_id);
    if (group) group.push(o);
    else byInquiry.set(o.inquiry_id, [o]);
  }
  const savings = new Map<string, InquirySavings>();
  for (const id of inquiryIds) {
    const own = byInquiry.get(id) ?? [];
    const award = awardCost(requested.get(id) ?? [], own);
    const saved =
      award === null
        ? null
        : awardSavings(
            award,
            comparable(own).map((o) => o.total),
          );
    if (saved) savings.set(id, saved);
  }
  return savings;
}
