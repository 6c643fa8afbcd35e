import Big from 'big.js';
import type { ChargeBasis } from '@mfd/contracts';

/**
 * A fuel line as one computation prices it: the tonnes it counts (the requested max to compare,
 * the deliverable quantity, the delivered quantity for an invoice) and the price per tonne, null
 * while unknown (an index-linked line whose index has no value yet).
 */
export interface PricedLine {
  product_line_id: string;
  price_per_mt: string | null;
  quantity_mt: string;
}

/** A charge as it is counted; anything else it carries (kind, note) comes back untouched. */
export interface PricedCharge {
  basis: ChargeBasis;
  amount: string;
  threshold_mt?: string | null;
  amount_above?: string | null;
  /** The lines it applies to; absent or null means every line priced here. */
  product_line_ids?: string[] | null;
}

export type CountedCharge<C extends PricedCharge> = C & {
  /** USD, rounded half up to cents; null for a contingent charge or a percentage of an unknown cost. */
  amount_usd: string | null;
  /** Charged by the hour: shown, never added to a total. */
  contingent: boolean;
};

export interface LandedCost<C extends PricedCharge> {
  lines: { product_line_id: string; fuel_cost: string | null }[];
  charges: CountedCharge<C>[];
  /** The totals, each null while the offer is indicative. */
  fuel_cost: string | null;
  charges_cost: string | null;
  total_landed_cost: string | null;
  all_in_per_mt: string | null;
  /** A line's price is not known yet, so neither is any total. */
  indicative: boolean;
}

const cents = (amount: Big) => amount.round(2, Big.roundHalfUp);
// Constants made once: big.js parses every text or number it is given.
const ZERO = new Big(0);
const CENT = new Big('0.01');
const text = (amount: Big) => amount.toFixed(2, Big.roundHalfUp);

/** Truncating division: its own constructor, so the shared Big's settings stay untouched. */
const Truncated = Big();
Truncated.DP = 2;
Truncated.RM = Big.roundDown;

/**
 * a / b rounded half up (away from zero) to cents, exactly: the quotient truncated to cents, then
 * raised by a cent when the remainder is at least half a cent's worth. Rounding a 20-digit quotient
 * again would round twice.
 */
function divideToCents(a: Big, b: Big): Big {
  const negative = a.s * b.s < 0;
  const [n, d] = [a.abs(), b.abs()];
  let q = new Truncated(n).div(d);
  if (n.minus(q.times(d)).times(2).gte(d.times(CENT))) q = q.plus(CENT);
  return negative ? q.neg() : q;
}

/** A line as counted: its tonnes read once. */
interface CountedLine {
  product_line_id: string;
  tonnes: Big;
}

function chargeAmount(
  charge: PricedCharge,
  lines: CountedLine[],
  lineCost: Map<string, Big | null>,
): Big | null {
  const named = charge.product_line_ids ? new Set(charge.product_line_ids) : null;
  const own = named ? lines.filter((l) => named.has(l.product_line_id)) : lines;
  // A charge on none of the lines priced here (a line the inquiry no longer has) costs nothing.
  if (own.length === 0) return new Big(0);
  const tonnes = own.reduce((sum, l) => sum.plus(l.tonnes), ZERO);
  switch (charge.basis) {
    case 'lump_sum':
      return new Big(charge.amount);
    case 'per_mt':
      return tonnes.times(charge.amount);
    case 'lump_sum_up_to': {
      const above = tonnes.minus(charge.threshold_mt ?? '0');
      return new Big(charge.amount).plus(above.gt(0) ? above.times(charge.amount_above ?? '0') : 0);
    }
    case 'percent': {
      const costs = own.map((l) => lineCost.get(l.product_line_id) ?? null);
      if (costs.some((c) => c === null)) return null;
      const fuel = costs.reduce<Big>((sum, c) => sum.plus(c!), ZERO);
      return fuel.times(charge.amount).div(100);
    }
    case 'per_hour':
      return null;
  }
}

/**
 * The landed cost of an offer, in exact decimals: each line's fuel (price × the tonnes given) and
 * each charge by its basis, every part rounded half up to cents, the totals as sums of those
 * rounded parts (what a reader adds up on the page is what the total says), and the all-in price
 * per tonne over all the tonnes priced. The one function for compare, award, stems and invoices:
 * they differ only in the quantities and lines they pass in.
 */
export function landedCost<C extends PricedCharge>(lines: PricedLine[], charges: C[]): LandedCost<C> {
  const quantities = lines.map((l) => ({
    product_line_id: l.product_line_id,
    tonnes: new Big(l.quantity_mt),
  }));
  const lineCost = new Map(
    lines.map((l, i) => [
      l.product_line_id,
      l.price_per_mt === null ? null : cents(quantities[i]!.tonnes.times(l.price_per_mt)),
    ]),
  );
  const amounts = charges.map((charge) => {
    const amount = chargeAmount(charge, quantities, lineCost);
    return amount === null ? null : cents(amount);
  });
  const counted = charges.map((charge, i) => {
    const amount = amounts[i] ?? null;
    return {
      ...charge,
      amount_usd: amount === null ? null : text(amount),
      contingent: charge.basis === 'per_hour',
    };
  });
  const indicative = [...lineCost.values()].some((c) => c === null);
  const base = {
    lines: lines.map((l) => {
      const cost = lineCost.get(l.product_line_id);
      return { product_line_id: l.product_line_id, fuel_cost: cost ? text(cost) : null };
    }),
    charges: counted,
    indicative,
  };
  if (indicative)
    return { ...base, fuel_cost: null, charges_cost: null, total_landed_cost: null, all_in_per_mt: null };

  const fuel = [...lineCost.values()].reduce<Big>((sum, c) => sum.plus(c!), ZERO);
  const extra = amounts.reduce<Big>((sum, a) => (a === null ? sum : sum.plus(a)), ZERO);
  const total = fuel.plus(extra);
  const tonnes = quantities.reduce((sum, l) => sum.plus(l.tonnes), ZERO);
  return {
    ...base,
    fuel_cost: text(fuel),
    charges_cost: text(extra),
    total_landed_cost: text(total),
    all_in_per_mt: tonnes.gt(ZERO) ? text(divideToCents(total, tonnes)) : null,
  };
}
