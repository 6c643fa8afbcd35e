import type { ChargeBasis } from '@mfd/contracts';
import { divide, exact, minus, plus, round, times, toFixed, ZERO, type Exact } from './exact';

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

const cents = (amount: Exact) => round(amount, 2);
const text = (amount: Exact) => toFixed(amount, 2);
/** A percentage's share is taken to 20 decimals before its cents, as the rule has always divided. */
const SHARE_DECIMALS = 20;

/** A line as counted: its tonnes read once. */
interface CountedLine {
  product_line_id: string;
  tonnes: Exact;
}

function chargeAmount(
  charge: PricedCharge,
  lines: CountedLine[],
  lineCost: Map<string, Exact | null>,
): Exact | null {
  const named = charge.product_line_ids ? new Set(charge.product_line_ids) : null;
  const own = named ? lines.filter((l) => named.has(l.product_line_id)) : lines;
  // A charge on none of the lines priced here (a line the inquiry no longer has) costs nothing.
  if (own.length === 0) return ZERO;
  const tonnes = own.reduce((sum, l) => plus(sum, l.tonnes), ZERO);
  switch (charge.basis) {
    case 'lump_sum':
      return exact(charge.amount);
    case 'per_mt':
      return times(tonnes, exact(charge.amount));
    case 'lump_sum_up_to': {
      const above = minus(tonnes, exact(charge.threshold_mt ?? '0'));
      const amount = exact(charge.amount);
      return above.units > 0n ? plus(amount, times(above, exact(charge.amount_above ?? '0'))) : amount;
    }
    case 'percent': {
      const costs = own.map((l) => lineCost.get(l.product_line_id) ?? null);
      if (costs.some((c) => c === null)) return null;
      const fuel = costs.reduce<Exact>((sum, c) => plus(sum, c!), ZERO);
      const product = times(fuel, exact(charge.amount));
      // Divided by 100: the same units, two decimals more.
      const share = { units: product.units, scale: product.scale + 2 };
      return share.scale > SHARE_DECIMALS ? round(share, SHARE_DECIMALS) : share;
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
    tonnes: exact(l.quantity_mt),
  }));
  const lineCost = new Map(
    lines.map((l, i) => [
      l.product_line_id,
      l.price_per_mt === null ? null : cents(times(quantities[i]!.tonnes, exact(l.price_per_mt))),
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

  const fuel = [...lineCost.values()].reduce<Exact>((sum, c) => plus(sum, c!), ZERO);
  const extra = amounts.reduce<Exact>((sum, a) => (a === null ? sum : plus(sum, a)), ZERO);
  const total = plus(fuel, extra);
  const tonnes = quantities.reduce((sum, l) => plus(sum, l.tonnes), ZERO);
  return {
    ...base,
    fuel_cost: text(fuel),
    charges_cost: text(extra),
    total_landed_cost: text(total),
    all_in_per_mt: tonnes.units > 0n ? text(divide(total, tonnes, 2)) : null,
  };
}
