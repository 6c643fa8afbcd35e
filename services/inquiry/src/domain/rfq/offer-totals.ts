import Big from 'big.js';

/** A requested fuel line, tonnes as exact decimal text. */
export interface RequestedLine {
  id: string;
  quantity_mt_max: string;
}

/** A priced line of an offer; amounts as exact decimal text. */
export interface PricedLine {
  product_line_id: string;
  price_per_mt: string;
  max_deliverable: string;
}

export interface OfferAmounts {
  lines: PricedLine[];
  barging_charges: string;
  other_charges: string;
}

export interface OfferTotal {
  /** USD with 2 decimals: Σ price × requested max over the priced lines, plus both lump sums. */
  total: string;
  /** A requested line is not priced: the total covers the priced lines only. */
  partial: boolean;
  /** Requested lines this offer cannot deliver in full (max deliverable below the requested max). */
  shortLines: string[];
}

/**
 * The stem cost of an offer, in exact decimals (big.js, never floats). Each priced line counts at
 * the quantity the trader asked for (the line's max), even where the supplier can deliver less:
 * such a line is reported short, not made cheaper. Lines priced for a line the inquiry no longer
 * has are ignored.
 */
export function offerTotal(requested: RequestedLine[], offer: OfferAmounts): OfferTotal {
  const byLine = new Map(offer.lines.map((l) => [l.product_line_id, l]));
  let total = new Big(offer.barging_charges).plus(offer.other_charges);
  let partial = false;
  const shortLines: string[] = [];
  for (const line of requested) {
    const priced = byLine.get(line.id);
    if (!priced) {
      partial = true;
      continue;
    }
    total = total.plus(new Big(priced.price_per_mt).times(line.quantity_mt_max));
    if (new Big(priced.max_deliverable).lt(line.quantity_mt_max)) shortLines.push(line.id);
  }
  return { total: total.toFixed(2, Big.roundHalfUp), partial, shortLines };
}

export interface ComparableOffer {
  id: string;
  total: string;
  partial: boolean;
  /** Past its validity or otherwise not awardable: never marked cheapest. */
  excluded: boolean;
  lines: { product_line_id: string; price_per_mt: string }[];
}

export interface Cheapest {
  /** Offers with the lowest complete total (ties all marked). */
  total: Set<string>;
  /** Per requested line, the offers with its lowest price. */
  byLine: Map<string, Set<string>>;
}

function lowest<T>(items: T[], amount: (item: T) => string, id: (item: T) => string): Set<string> {
  let best: Big | null = null;
  let ids = new Set<string>();
  for (const item of items) {
    const value = new Big(amount(item));
    if (best === null || value.lt(best)) {
      best = value;
      ids = new Set([id(item)]);
    } else if (value.eq(best)) ids.add(id(item));
  }
  return ids;
}

/**
 * Which offers to mark cheapest: overall only among complete offers (a partial offer's total
 * leaves lines out, so it would win by omission), per line among every offer pricing that line.
 */
export function cheapestOffers(offers: ComparableOffer[]): Cheapest {
  const candidates = offers.filter((o) => !o.excluded);
  const total = lowest(
    candidates.filter((o) => !o.partial),
    (o) => o.total,
    (o) => o.id,
  );
  const priced = new Map<string, { offer: string; price: string }[]>();
  for (const offer of candidates)
    for (const line of offer.lines) {
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
