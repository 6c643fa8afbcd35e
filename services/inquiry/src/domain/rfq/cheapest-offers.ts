import { compareDecimals } from '@mfd/pricing';

export interface ComparableOffer {
  id: string;
  /** The landed cost; null while the offer is indicative (it never competes overall then). */
  total: string | null;
  partial: boolean;
  /** Past its validity or otherwise not awardable: never marked cheapest. */
  excluded: boolean;
  /** Each line's effective price; null for an index line without a value (it competes nowhere). */
  lines: { product_line_id: string; price_per_mt: string | null }[];
}

export interface Cheapest {
  /** Offers with the lowest complete, firm landed cost (ties all marked). */
  total: Set<string>;
  /** Per requested line, the offers with its lowest price. */
  byLine: Map<string, Set<string>>;
}

function lowest<T>(items: T[], amount: (item: T) => string, id: (item: T) => string): Set<string> {
  let best: string | null = null;
  let ids = new Set<string>();
  for (const item of items) {
    const value = amount(item);
    const order = best === null ? -1 : compareDecimals(value, best);
    if (order < 0) {
      best = value;
      ids = new Set([id(item)]);
    } else if (order === 0) ids.add(id(item));
  }
  return ids;
}

/**
 * Which offers to mark cheapest: overall by landed cost, only among complete firm offers (a partial
 * offer's total leaves lines out, so it would win by omission; an indicative one has no total yet),
 * and per line by effective price among every offer pricing that line at a known price.
 */
export function cheapestOffers(offers: ComparableOffer[]): Cheapest {
  const candidates = offers.filter((o) => !o.excluded);
  const total = lowest(
    candidates.flatMap((o) => (o.partial || o.total === null ? [] : [{ id: o.id, total: o.total }])),
    (o) => o.total,
    (o) => o.id,
  );
  const priced = new Map<string, { offer: string; price: string }[]>();
  for (const offer of candidates)
    for (const line of offer.lines) {
      if (line.price_per_mt === null) continue;
      const list = priced.get(line.product_line_id) ?? [];
      list.push({ offer: offer.id, price: line.price_per_mt });
      priced.set(line.product_line_id, list);
    }
  const byLine = new Map(
    [...priced].map(([line, list]) => [
      line,
      lowest(
        list,
        (p) => p.price,
        (p) => p.offer,
      ),
    ]),
  );
  return { total, byLine };
}
