import Big from 'big.js';
import type { Pricing } from '@mfd/contracts';
import { effectivePrice, indexLookup, landedCost, type IndexValue, type PricedCharge } from '@mfd/pricing';

/** A stem line as the supplier invoices it: the agreed (buy) price and the delivered tonnes. */
export interface InvoicedLine {
  product_line_id: string;
  pricing: Pricing;
  /** The fixed buy price; null on an index line. */
  price_per_mt: string | null;
  index_name: string | null;
  differential: string | null;
  delivered_mt: string;
}

export interface ExpectedInvoice {
  /** USD to cents; null while an index line waits for its final value. */
  expected_usd: string | null;
  /** The indexes whose final value the stem still lacks ("waiting for the index"). */
  waiting_for: string[];
}

/**
 * What the supplier's invoice should say: Σ agreed price × delivered quantity plus the charges at the
 * delivered quantity, by the landed-cost rules (contingent hourly charges excluded). An index line is
 * priced at the stem's final index value plus its differential; without that value the amount is unknown.
 */
export function expectedInvoice(
  lines: InvoicedLine[],
  charges: PricedCharge[],
  finalIndexValues: IndexValue[],
): ExpectedInvoice {
  const lookup = indexLookup(finalIndexValues);
  const priced = lines.map((line) => ({
    product_line_id: line.product_line_id,
    price_per_mt: effectivePrice(line, lookup).effective_price_per_mt,
    quantity_mt: line.delivered_mt,
  }));
  const waiting_for = lines
    .filter((line, i) => line.pricing === 'index' && priced[i]!.price_per_mt === null)
    .map((line) => line.index_name ?? 'the index');
  return { expected_usd: landedCost(priced, charges).total_landed_cost, waiting_for };
}

export interface InvoiceDifference {
  expected_usd: string | null;
  /** amount − expected; null while the expected amount is unknown. */
  difference_usd: string | null;
  /** Whether the difference needs a look; null ("waiting for the index") while unknown. */
  flagged: boolean | null;
}

/** A difference above either bound is flagged: more than USD 100, or more than 0.5% of the expected amount. */
export const FLAG_ABOVE_USD = '100';
export const FLAG_ABOVE_PERCENT = '0.5';

export function invoiceDifference(amountUsd: string, expectedUsd: string | null): InvoiceDifference {
  if (expectedUsd === null) return { expected_usd: null, difference_usd: null, flagged: null };
  const difference = new Big(amountUsd).minus(expectedUsd);
  const size = difference.abs();
  const share = new Big(expectedUsd).abs().times(FLAG_ABOVE_PERCENT).div(100);
  return {
    expected_usd: expectedUsd,
    difference_usd: difference.toFixed(2, Big.roundHalfUp),
    flagged: size.gt(FLAG_ABOVE_USD) || size.gt(share),
  };
}
