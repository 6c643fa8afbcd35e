import { decimalInput } from './fields';

/** The largest stem one fuel line may ask for; numeric(10, 1) holds far more. */
const MAX_QUANTITY_MT = 1_000_000;

/** Tonnes in steps of 0.1 MT, above zero, as exact decimal text (spec §9). */
export function quantityMt(label: string) {
  return decimalInput({ label, scale: 1, min: '0.1', max: MAX_QUANTITY_MT });
}
