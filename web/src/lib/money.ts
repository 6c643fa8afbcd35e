/**
 * "USD 1,234,567.50" from the server's exact decimal text. Only the digits are grouped: the
 * amount is never turned into a float, so what the trader reads is what the server computed.
 */
export function formatUsd(amount: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount.trim());
  if (!match) return `USD ${amount}`;
  const [, sign = '', whole = '', fraction = ''] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `USD ${sign}${grouped}${fraction}`;
}

/** "500.0–800.0 MT" */
export function formatQuantityRange(min: string, max: string): string {
  return `${min}–${max} MT`;
}
