import { indexKey, type Pricing } from '@mfd/contracts';
import { compare, exact, minus, plain, plus, toFixed } from './exact';

/** How one offer line is priced: a fixed price, or an index name and a differential. */
export interface LinePricing {
  pricing: Pricing;
  price_per_mt: string | null;
  index_name: string | null;
  differential: string | null;
}

export interface EffectivePrice {
  /** The index's value the price was taken from (index-linked lines only). */
  index_value: string | null;
  index_as_of: string | null;
  /** USD per tonne: the fixed price, or index value + differential; null while the index has no value. */
  effective_price_per_mt: string | null;
}

/** A benchmark value the trader entered, by index name. */
export interface IndexValue {
  index_name: string;
  value: string;
  as_of: string;
}

/** The inquiry's index values, looked up by name as a line names its index (trimmed, any case). */
export function indexLookup(values: IndexValue[]): (name: string) => IndexValue | null {
  const byKey = new Map(values.map((v) => [indexKey(v.index_name), v]));
  return (name) => byKey.get(indexKey(name)) ?? null;
}

/** What a tonne of this line costs: the fixed price, or the index's value plus the differential. */
export function effectivePrice(
  line: LinePricing,
  lookup: (name: string) => IndexValue | null,
): EffectivePrice {
  if (line.pricing === 'fixed')
    return { index_value: null, index_as_of: null, effective_price_per_mt: line.price_per_mt };
  const value = line.index_name ? lookup(line.index_name) : null;
  if (!value) return { index_value: null, index_as_of: null, effective_price_per_mt: null };
  return {
    index_value: value.value,
    index_as_of: value.as_of,
    effective_price_per_mt: toFixed(plus(exact(value.value), exact(line.differential ?? '0')), 2),
  };
}

/** What the offer can deliver of a line: the requested max, or less when its max deliverable is less. */
export function deliverableQuantity(requestedMax: string, maxDeliverable: string): string {
  return compare(exact(maxDeliverable), exact(requestedMax)) < 0 ? maxDeliverable : requestedMax;
}

/** How many tonnes short of the requested max an offer line is, or null when it can deliver it all. */
export function shortBy(requestedMax: string, maxDeliverable: string): string | null {
  const gap = minus(exact(requestedMax), exact(maxDeliverable));
  return gap.units > 0n ? plain(gap) : null;
}
