import { exact, minus, toFixed } from './exact';
import { sumToCents } from './decimals';
import { landedCost, type PricedCharge, type PricedLine } from './landed-cost';

/** One winner of a split award: the lines it won, priced, and all of its offer's charges. */
export interface SplitPart<C extends PricedCharge> {
  lines: PricedLine[];
  charges: C[];
}

/**
 * The landed cost of a split award: each winner's landed cost over the lines it won alone (a
 * charge on none of them costs nothing, a lump sum stays whole, a charge on every line means every
 * line it won), summed. Null while a part is unknown (an index line without a value) or nothing is
 * awarded.
 */
export function splitLandedCost<C extends PricedCharge>(parts: SplitPart<C>[]): string | null {
  const awarded = parts.filter((p) => p.lines.length > 0);
  if (awarded.length === 0) return null;
  const totals = awarded.map((p) => landedCost(p.lines, p.charges).total_landed_cost);
  const known = totals.filter((t): t is string => t !== null);
  return known.length < totals.length ? null : sumToCents(known);
}

/** What an amount is against another, in USD to the cent: `now - before` (negative: cheaper now). */
export function costDifference(now: string, before: string): string {
  return toFixed(minus(exact(now), exact(before)), 2);
}
