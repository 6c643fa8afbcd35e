const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * "USD 1,234,567.50" from exact decimal text (the server's, or a supplier's as submitted): digits
 * grouped, cents always shown ("605.1" reads 605.10), more decimals kept. The amount is never
 * turned into a float, so what the trader reads is what was computed or offered.
 */
export function formatUsd(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return `USD ${amount}`;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `USD ${sign}${grouped(whole)}.${fraction.padEnd(2, '0')}`;
}

/** A quantity as exact decimal text with its thousands grouped: "1,000", "600.5". */
export function formatQuantity(quantity: string): string {
  const match = /^(\d+)(\.\d+)?$/.exec(quantity.trim());
  return match ? `${grouped(match[1] ?? '')}${match[2] ?? ''}` : quantity;
}

/** "1,000–1,200 MT" */
export function formatQuantityRange(min: string, max: string): string {
  return `${formatQuantity(min)}–${formatQuantity(max)} MT`;
}
