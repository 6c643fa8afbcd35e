import type { PublicTrader } from '@mfd/contracts';

/**
 * The trader who sent the inquiry, as the supplier reads it: "Tom Trader (Harbour Fuel Brokers)".
 * A company still named after its only user would read "Tom Trader (Tom Trader)": it is left out.
 */
export function traderLabel(trader: PublicTrader): string | null {
  const company = trader.company === trader.name ? null : trader.company;
  if (trader.name && company) return `${trader.name} (${company})`;
  return trader.name ?? company;
}
