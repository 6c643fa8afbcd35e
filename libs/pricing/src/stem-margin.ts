import Big from 'big.js';

/** How a trader's markup or commission on a line is counted: USD per tonne, or a share of the buy price. */
export type AdjustmentBasis = 'per_mt' | 'percent';

export interface LineAdjustment {
  basis: AdjustmentBasis;
  /** USD per tonne, or per cent; a decimal string. */
  amount: string;
}

const text = (amount: Big) => amount.toFixed(2, Big.roundHalfUp);

/**
 * The customer's (sell) price per tonne under a markup: buy + amount (per MT) or buy × (1 + amount/100)
 * (percent), rounded half up to cents. Null while the buy price is not known (an index line before its
 * final value), since a percentage of an unknown price is unknown too.
 */
export function markedUpPrice(buy: string | null, markup: LineAdjustment | null): string | null {
  if (buy === null) return null;
  if (!markup) return text(new Big(buy));
  const sell =
    markup.basis === 'per_mt'
      ? new Big(buy).plus(markup.amount)
      : new Big(buy).times(new Big(100).plus(markup.amount)).div(100);
  return text(sell);
}

/**
 * The broker's commission on one line, paid by the seller: amount × tonnes (per MT) or
 * amount % of buy price × tonnes (percent), rounded half up to cents; null while a percent
 * commission's buy price is unknown.
 */
export function lineCommission(
  buy: string | null,
  quantityMt: string,
  commission: LineAdjustment,
): string | null {
  if (commission.basis === 'per_mt') return text(new Big(commission.amount).times(quantityMt));
  if (buy === null) return null;
  return text(new Big(buy).times(quantityMt).times(commission.amount).div(100));
}

/** The trader's margin on one line: (sell − buy) × tonnes, to cents; null while either price is unknown. */
export function lineMargin(buy: string | null, sell: string | null, quantityMt: string): string | null {
  if (buy === null || sell === null) return null;
  return text(new Big(sell).minus(buy).times(quantityMt));
}

/** The sum of per-line amounts (each already in cents), or null when any is unknown. */
export function sumAmounts(amounts: (string | null)[]): string | null {
  if (amounts.some((a) => a === null)) return null;
  return text(amounts.reduce<Big>((sum, a) => sum.plus(a!), new Big(0)));
}
