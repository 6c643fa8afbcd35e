/**
 * IMO ship identification number: seven digits whose last is a check digit. The first six
 * digits are weighted 7..2, summed, and the sum's last digit must equal the seventh.
 */
export function isValidImo(value: string): boolean {
  const digits = value.trim().replace(/^IMO\s*/i, '');
  if (!/^\d{7}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return sum % 10 === Number(digits[6]);
}

/** "IMO 9074729" or " 9074729 " -> "9074729"; the caller checks validity. */
export function normalizeImo(value: string): string {
  return value.trim().replace(/^IMO\s*/i, '');
}
