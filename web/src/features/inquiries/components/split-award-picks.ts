import type { InquiryProductLine, OfferView, SplitAwardInput } from '@mfd/contracts';
import { splitLandedCost } from '@mfd/pricing';

/** A line's pick in split mode: an offer's id, or not placed. */
export const NOT_PLACED = 'not_placed';
export type Picks = Record<string, string>;

/** The offers a line may go to: standing, within validity, and priced on that line. */
export function candidatesFor(lineId: string, offers: OfferView[], expired: (o: OfferView) => boolean) {
  return offers.filter((o) => o.status === 'submitted' && !expired(o) && o.per_product_lines[lineId]);
}

/** Each line starts at its cheapest candidate (the server's cheapest per line), else the first, else not placed. */
export function defaultPicks(
  lines: InquiryProductLine[],
  offers: OfferView[],
  expired: (o: OfferView) => boolean,
): Picks {
  return Object.fromEntries(
    lines.map((line) => {
      const candidates = candidatesFor(line.id, offers, expired);
      const cheapest = candidates.find((o) => o.cheapest_lines.includes(line.id)) ?? candidates[0];
      return [line.id, cheapest?.id ?? NOT_PLACED];
    }),
  );
}

/** The split's combined landed cost at each line's requested max, by the server's rules (@mfd/pricing). */
export function combinedLandedCost(lines: InquiryProductLine[], offers: OfferView[], picks: Picks) {
  return splitLandedCost(
    offers.map((offer) => ({
      lines: lines
        .filter((line) => picks[line.id] === offer.id)
        .map((line) => ({
          product_line_id: line.id,
          price_per_mt: offer.per_product_lines[line.id]?.effective_price_per_mt ?? null,
          quantity_mt: line.quantity_mt_max,
        })),
      charges: offer.charges,
    })),
  );
}

/** The best single offer: the one the server marks cheapest by landed cost. */
export const bestSingleOffer = (offers: OfferView[]) => offers.find((o) => o.cheapest_total) ?? null;

/** The request: each picked line with its offer at the revision on screen, the rest not placed. */
export function splitAwardRequest(
  lines: InquiryProductLine[],
  offers: OfferView[],
  picks: Picks,
  notes: string,
): SplitAwardInput {
  const byId = new Map(offers.map((o) => [o.id, o]));
  return {
    lines: lines.flatMap((line) => {
      const offer = byId.get(picks[line.id] ?? '');
      return offer ? [{ product_line_id: line.id, offer_id: offer.id, revision: offer.revision }] : [];
    }),
    not_placed: lines.filter((line) => !byId.has(picks[line.id] ?? '')).map((line) => line.id),
    notes: notes.trim() || null,
  };
}
