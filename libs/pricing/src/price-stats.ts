import Big from 'big.js';

/** Exact decimal text with at least cents shown: "600" -> "600.00", "600.015" stays. */
function atLeastCents(value: Big): string {
  const text = value.toFixed();
  const decimals = text.split('.')[1]?.length ?? 0;
  return decimals >= 2 ? text : value.toFixed(2);
}

/**
 * The median of prices per tonne, exactly: the middle one, or the mean of the two middle ones (which
 * may carry a third decimal, "600.015", kept rather than rounded). Null for no prices.
 */
export function medianPrice(prices: string[]): string | null {
  if (prices.length === 0) return null;
  const sorted = prices.map((p) => new Big(p)).sort((a, b) => a.cmp(b));
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : sorted[middle - 1]!.plus(sorted[middle]!).div(2);
  return atLeastCents(median);
}

/** The lowest and highest of prices per tonne, as given; null for no prices. */
export function priceRange(prices: string[]): { min: string; max: string } | null {
  if (prices.length === 0) return null;
  const sorted = prices.map((p) => new Big(p)).sort((a, b) => a.cmp(b));
  return { min: sorted[0]!.toFixed(2), max: sorted[sorted.length - 1]!.toFixed(2) };
}

/**
 * The average price per tonne weighted by tonnes (Σ price × tonnes / Σ tonnes), computed exactly
 * and rounded half up to cents once, at the end. Null when no tonnes are given.
 */
export function weightedAveragePrice(lines: { price_per_mt: string; quantity_mt: string }[]): string | null {
  const tonnes = lines.reduce((sum, l) => sum.plus(l.quantity_mt), new Big(0));
  if (tonnes.lte(0)) return null;
  const value = lines.reduce((sum, l) => sum.plus(new Big(l.price_per_mt).times(l.quantity_mt)), new Big(0));
  // Enough places that rounding the quotient to cents is rounding the exact value.
  const Exact = Big();
  Exact.DP = 20;
  return new Exact(value).div(tonnes).round(2, Big.roundHalfUp).toFixed(2);
}

/** a − b per tonne, signed, to cents: how far an offered price is from another (e.g. the last done). */
export function priceDifference(a: string, b: string): string {
  return new Big(a).minus(b).toFixed(2);
}

/**
 * The mean of how far each cost is above its best, in per cent of the best
 * ((cost − best) / best × 100), computed exactly and rounded half up to 2 decimals once, after
 * averaging. Null for no pairs (a best of zero is skipped: no percentage of nothing).
 */
export function averagePercentAboveBest(pairs: { cost: string; best: string }[]): string | null {
  const counted = pairs.filter((p) => !new Big(p.best).eq(0));
  if (counted.length === 0) return null;
  const Exact = Big();
  Exact.DP = 30;
  const sum = counted.reduce(
    (total, p) => total.plus(new Exact(p.cost).minus(p.best).times(100).div(p.best)),
    new Exact(0),
  );
  return sum.div(counted.length).round(2, Big.roundHalfUp).toFixed(2);
}
