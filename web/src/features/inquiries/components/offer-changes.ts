import { OFFER_LINE_TERMS, type OfferView } from '@mfd/contracts';

/** The parts of an offer the comparison shows a cell for: `line:<product line id>` for a fuel line. */
export type OfferPart =
  | `line:${string}`
  | 'charges'
  | 'fuel_cost'
  | 'charges_cost'
  | 'total_landed_cost'
  | 'all_in_per_mt'
  | 'payment'
  | 'valid_until'
  | 'remarks';

const AMOUNTS = [
  'fuel_cost',
  'charges_cost',
  'total_landed_cost',
  'all_in_per_mt',
  'valid_until',
  'remarks',
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the supplier changed since the revision the trader saw (an award of it was refused as
 * stale): the parts that differ between the two, none while they are the same revision.
 */
export function revisedParts(seen: OfferView, now: OfferView): Set<OfferPart> {
  const parts = new Set<OfferPart>();
  if (seen.revision === now.revision) return parts;
  const lineIds = new Set([...Object.keys(seen.per_product_lines), ...Object.keys(now.per_product_lines)]);
  for (const id of lineIds) {
    const was = seen.per_product_lines[id];
    const is = now.per_product_lines[id];
    if (!was || !is || OFFER_LINE_TERMS.some((term) => was[term] !== is[term])) parts.add(`line:${id}`);
  }
  if (!same(seen.charges, now.charges)) parts.add('charges');
  if (!same([seen.payment, seen.payment_terms], [now.payment, now.payment_terms])) parts.add('payment');
  for (const key of AMOUNTS) if (seen[key] !== now[key]) parts.add(key);
  return parts;
}
