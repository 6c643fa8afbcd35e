const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

function parse(amount: string): { sign: string; whole: string; fraction: string } {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new Error(`"${amount}" is not a decimal amount`);
  return { sign: match[1] ?? '', whole: match[2] ?? '0', fraction: match[3] ?? '' };
}

function groupThousands(whole: string): string {
  const digits = whole.replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * "1234567.5" -> "USD 1,234,567.50". The amount stays text (or a BigInt when a third decimal has to
 * be rounded half up): a float would turn the cents of a large stem into something else.
 */
export function formatUsd(amount: string): string {
  const { sign, whole, fraction } = parse(amount);
  const roundUp = (fraction[2] ?? '0') >= '5';
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + (roundUp ? 1n : 0n);
  const text = cents.toString().padStart(3, '0');
  const negative = sign === '-' && cents !== 0n;
  return `USD ${negative ? '-' : ''}${groupThousands(text.slice(0, -2))}.${text.slice(-2)}`;
}

/** Tonnes as entered: "1500.0" -> "1,500", "250.5" -> "250.5" (no rounding, no float). */
export function formatTonnes(quantity: string): string {
  const { sign, whole, fraction } = parse(quantity);
  const kept = fraction.replace(/0+$/, '');
  return `${sign}${groupThousands(whole)}${kept ? `.${kept}` : ''}`;
}

/** "500 – 1,000 MT", or "1,000 MT" when the range is one quantity. */
export function formatTonnesRange(min: string, max: string): string {
  const low = formatTonnes(min);
  const high = formatTonnes(max);
  return low === high ? `${high} MT` : `${low} – ${high} MT`;
}
