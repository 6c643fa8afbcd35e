import Big from 'big.js';
import { FUEL_TYPES, type ClaimKind, type VarianceKind } from '@mfd/contracts';

/** A stem line as agreed. */
export interface AgreedLine {
  product_line_id: string;
  product_name: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
}

/** The same line as the bunker delivery note gives it. */
export interface DeliveredLine {
  product_line_id: string;
  quantity_mt: string;
  density_kg_m3: string | null;
  sulphur_pct: string | null;
}

export interface Variance {
  kind: VarianceKind;
  product_line_id: string;
  /** In words, for the stem page and the trail. */
  detail: string;
}

/** The claim each variance suggests raising. */
export const VARIANCE_CLAIM_KIND: Record<VarianceKind, ClaimKind> = {
  quantity_outside_range: 'quantity',
  sulphur_above_limit: 'quality',
  density_missing: 'quality',
};

/**
 * The grade's sulphur limit in % m/m (HSFO 3.5, VLSFO 0.5, MGO 0.1, from FUEL_TYPES), found by its
 * code as a word of the line's product name ("VLSFO", "vlsfo 0.5%"); null for a grade we hold no
 * limit for, which is then never flagged.
 */
export function sulphurLimit(productName: string): string | null {
  const words = productName.toUpperCase().split(/[^A-Z0-9]+/);
  return FUEL_TYPES.find((fuel) => words.includes(fuel.code))?.sulfurMax ?? null;
}

const mt = (value: string) => new Big(value).toFixed();

/**
 * What the delivery note shows that differs from the stem, line by line in the stem's order:
 * delivered quantity outside the agreed min–max, sulphur above the grade's limit, density at 15 °C
 * missing. A line the note does not give is not judged here (the delivery input names every line).
 */
export function deliveryVariances(agreed: AgreedLine[], delivered: DeliveredLine[]): Variance[] {
  const byLine = new Map(delivered.map((d) => [d.product_line_id, d]));
  const variances: Variance[] = [];
  for (const line of agreed) {
    const note = byLine.get(line.product_line_id);
    if (!note) continue;
    const name = line.product_name;
    const quantity = new Big(note.quantity_mt);
    if (quantity.lt(line.quantity_mt_min) || quantity.gt(line.quantity_mt_max))
      variances.push({
        kind: 'quantity_outside_range',
        product_line_id: line.product_line_id,
        detail: `${name}: delivered ${mt(note.quantity_mt)} MT, outside the agreed ${mt(line.quantity_mt_min)}–${mt(line.quantity_mt_max)} MT`,
      });
    const limit = sulphurLimit(name);
    if (limit !== null && note.sulphur_pct !== null && new Big(note.sulphur_pct).gt(limit))
      variances.push({
        kind: 'sulphur_above_limit',
        product_line_id: line.product_line_id,
        detail: `${name}: sulphur ${mt(note.sulphur_pct)}% m/m, above the limit of ${limit}% m/m`,
      });
    if (note.density_kg_m3 === null)
      variances.push({
        kind: 'density_missing',
        product_line_id: line.product_line_id,
        detail: `${name}: no density at 15 °C on the delivery note`,
      });
  }
  return variances;
}
