import { landedCost, lineCommission, lineMargin, markedUpPrice, sumAmounts } from '@mfd/pricing';
import type { ChargeInput, StemPricingMode } from '@mfd/contracts';

/** A stem line as its prices are worked out. */
export interface StemLineFacts {
  product_line_id: string;
  pricing: 'fixed' | 'index';
  price_per_mt: string | null;
  quantity_mt_max: string;
  adjustment_basis: 'per_mt' | 'percent' | null;
  adjustment_amount: string | null;
}

export interface StemFigures {
  lines: Map<string, { buy: string | null; sell: string | null }>;
  margin_usd: string | null;
  commission_usd: string | null;
  charges: ReturnType<typeof landedCost<ChargeInput>>['charges'];
}

/**
 * A stem's buy and sell prices, margin, commission and charges. Tonnes count at the requested max
 * until a delivery says otherwise (`delivered`, per line). Index-linked lines have no buy price
 * until their final value is known, so a margin or percentage over them is unknown (null) too.
 * Charges pass through at cost: both copies show them as the supplier gave them.
 */
export function stemFigures(
  mode: StemPricingMode,
  lines: StemLineFacts[],
  charges: ChargeInput[],
  delivered: Map<string, string> = new Map(),
): StemFigures {
  const priced = lines.map((line) => {
    const adjustment =
      line.adjustment_basis && line.adjustment_amount !== null
        ? { basis: line.adjustment_basis, amount: line.adjustment_amount }
        : null;
    const buy = line.pricing === 'fixed' ? line.price_per_mt : null;
    const sell = markedUpPrice(buy, mode === 'markup' ? adjustment : null);
    const tonnes = delivered.get(line.product_line_id) ?? line.quantity_mt_max;
    const commission = mode === 'commission' && adjustment ? lineCommission(buy, tonnes, adjustment) : '0.00';
    return { line, buy, sell, tonnes, margin: lineMargin(buy, sell, tonnes), commission };
  });
  const cost = landedCost(
    priced.map((p) => ({
      product_line_id: p.line.product_line_id,
      price_per_mt: p.buy,
      quantity_mt: p.tonnes,
    })),
    charges,
  );
  return {
    lines: new Map(priced.map((p) => [p.line.product_line_id, { buy: p.buy, sell: p.sell }])),
    margin_usd: mode === 'markup' ? sumAmounts(priced.map((p) => p.margin)) : '0.00',
    commission_usd: mode === 'commission' ? sumAmounts(priced.map((p) => p.commission)) : null,
    charges: cost.charges,
  };
}
