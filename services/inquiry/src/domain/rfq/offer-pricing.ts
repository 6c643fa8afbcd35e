import { canonicalDecimal, type ChargeInput, type Pricing } from '@mfd/contracts';
import {
  deliverableQuantity,
  effectivePrice,
  landedCost,
  shortBy,
  sumToCents,
  type CountedCharge,
  type EffectivePrice,
  type IndexValue,
  indexLookup,
  type PricedLine,
} from '@mfd/pricing';

/** A requested fuel line, tonnes as exact decimal text. */
export interface RequestedLine {
  id: string;
  quantity_mt_max: string;
}

/** An offer line as stored or as submitted. */
export interface OfferedLine {
  product_line_id: string;
  pricing: Pricing;
  price_per_mt: string | null;
  index_name: string | null;
  differential: string | null;
  max_deliverable: string;
}

export interface LineFigures extends EffectivePrice {
  /** At the requested max; null without an effective price. */
  fuel_cost: string | null;
  short_by_mt: string | null;
}

export interface OfferFigures {
  lines: Map<string, LineFigures>;
  charges: CountedCharge<ChargeInput>[];
  fuel_cost: string | null;
  charges_cost: string | null;
  total_landed_cost: string | null;
  all_in_per_mt: string | null;
  deliverable_total: string | null;
  indicative: boolean;
  /** A requested line is not priced: the totals cover the priced lines only. */
  partial: boolean;
  /** The lump-sum barging and other charges summed, as offers said them before itemised charges. */
  barging_charges: string;
  other_charges: string;
}

const tonnes = (v: string) => canonicalDecimal(v) ?? v;

/** A stored charge row (numeric text) as the charge it was sent as. */
export function chargeOf(row: {
  kind: ChargeInput['kind'];
  basis: ChargeInput['basis'];
  amount: string;
  threshold_mt: string | null;
  amount_above: string | null;
  product_line_ids: string[] | null;
  note: string | null;
}): ChargeInput {
  return {
    kind: row.kind,
    basis: row.basis,
    amount: row.amount,
    threshold_mt: row.threshold_mt === null ? null : tonnes(row.threshold_mt),
    amount_above: row.amount_above,
    product_line_ids: row.product_line_ids,
    note: row.note,
  };
}

function lumpSum(charges: ChargeInput[], kind: 'barging' | 'other'): string {
  return sumToCents(charges.filter((c) => c.kind === kind && c.basis === 'lump_sum').map((c) => c.amount));
}

/**
 * An offer priced against the inquiry as it stands: each line's effective price (index lines from
 * the trader's values), the landed cost at the requested max of each line and again at what the
 * offer can deliver of it. Lines the inquiry no longer has are left out.
 */
export function priceOffer(
  requested: RequestedLine[],
  offered: OfferedLine[],
  charges: ChargeInput[],
  indexValues: IndexValue[],
): OfferFigures {
  const lookup = indexLookup(indexValues);
  const byLine = new Map(offered.map((l) => [l.product_line_id, l]));
  const priced = requested.flatMap((asked) => {
    const line = byLine.get(asked.id);
    if (!line) return [];
    const short = shortBy(asked.quantity_mt_max, line.max_deliverable);
    return [{ asked, line, short, price: effectivePrice(line, lookup) }];
  });
  const at = (quantity: (p: (typeof priced)[number]) => string) =>
    landedCost(
      priced.map((p) => ({
        product_line_id: p.asked.id,
        price_per_mt: p.price.effective_price_per_mt,
        quantity_mt: quantity(p),
      })),
      charges,
    );
  const requestedMax = at((p) => p.asked.quantity_mt_max);
  // Most offers can deliver every requested max: the same quantities, the same landed cost.
  const deliverable = priced.some((p) => p.short !== null)
    ? at((p) => deliverableQuantity(p.asked.quantity_mt_max, p.line.max_deliverable))
    : requestedMax;
  const fuel = new Map(requestedMax.lines.map((l) => [l.product_line_id, l.fuel_cost]));
  return {
    lines: new Map(
      priced.map((p) => [
        p.asked.id,
        {
          ...p.price,
          fuel_cost: fuel.get(p.asked.id) ?? null,
          short_by_mt: p.short,
        },
      ]),
    ),
    charges: requestedMax.charges,
    fuel_cost: requestedMax.fuel_cost,
    charges_cost: requestedMax.charges_cost,
    total_landed_cost: requestedMax.total_landed_cost,
    all_in_per_mt: requestedMax.all_in_per_mt,
    deliverable_total: deliverable.total_landed_cost,
    indicative: requestedMax.indicative,
    partial: priced.length < requested.length,
    barging_charges: lumpSum(charges, 'barging'),
    other_charges: lumpSum(charges, 'other'),
  };
}

/**
 * The landed cost the comparison ranks an offer by (priceOffer's total_landed_cost), or null for an
 * offer it does not rank: a requested line not priced (partial) or an index without a value
 * (indicative). The lines are checked before any arithmetic, as reports rank a quarter's offers.
 */
export function comparableTotal(
  requested: RequestedLine[],
  offered: OfferedLine[],
  charges: ChargeInput[],
  indexValues: IndexValue[],
): string | null {
  const byLine = new Map(offered.map((l) => [l.product_line_id, l]));
  if (requested.some((asked) => !byLine.has(asked.id))) return null;
  const lookup = indexLookup(indexValues);
  const lines: PricedLine[] = [];
  for (const asked of requested) {
    const price = effectivePrice(byLine.get(asked.id)!, lookup).effective_price_per_mt;
    if (price === null) return null;
    lines.push({ product_line_id: asked.id, price_per_mt: price, quantity_mt: asked.quantity_mt_max });
  }
  return landedCost(lines, charges).total_landed_cost;
}
