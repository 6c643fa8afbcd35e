import Big from 'big.js';

export interface AwardSavings {
  /** The comparable offers' mean landed cost − the award's, USD to the cent (negative: above the mean). */
  vs_average_usd: string;
  /** The highest comparable landed cost − the award's, USD to the cent. */
  vs_highest_usd: string;
}

/**
 * What an award saved against the comparable offers' landed costs (the award's own among them):
 * the mean is exact, the difference rounded half up to the cent once. Null with nothing to compare.
 */
export function awardSavings(award: string, comparable: string[]): AwardSavings | null {
  if (comparable.length === 0) return null;
  const Exact = Big();
  Exact.DP = 30;
  const sum = comparable.reduce((total, cost) => total.plus(cost), new Exact(0));
  const highest = comparable.reduce(
    (max, cost) => (new Big(cost).gt(max) ? new Big(cost) : max),
    new Big(comparable[0]!),
  );
  return {
    vs_average_usd: sum.div(comparable.length).minus(award).round(2, Big.roundHalfUp).toFixed(2),
    vs_highest_usd: highest.minus(award).round(2, Big.roundHalfUp).toFixed(2),
  };
}
