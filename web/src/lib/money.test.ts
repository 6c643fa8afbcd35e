import { describe, expect, it } from 'vitest';
import { formatUsd } from './money';

describe('USD amounts', () => {
  it('when an amount has thousands, then they are grouped and the decimals kept as given', () => {
    expect(formatUsd('1234567.50')).toBe('USD 1,234,567.50');
    expect(formatUsd('650.00')).toBe('USD 650.00');
    expect(formatUsd('1000')).toBe('USD 1,000');
  });
  it('when an amount is beyond float precision, then no digit changes', () => {
    expect(formatUsd('90071992547409931.07')).toBe('USD 90,071,992,547,409,931.07');
  });
});
