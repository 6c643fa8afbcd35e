import { describe, expect, it } from 'vitest';
import { formatQuantityRange, formatUsd } from './money';

describe('USD amounts', () => {
  it('when an amount has thousands, then they are grouped and cents always shown', () => {
    expect(formatUsd('1234567.50')).toBe('USD 1,234,567.50');
    expect(formatUsd('650.00')).toBe('USD 650.00');
    expect(formatUsd('1000')).toBe('USD 1,000.00');
    expect(formatUsd('605.1')).toBe('USD 605.10');
    expect(formatUsd('0')).toBe('USD 0.00');
    expect(formatUsd('0.125')).toBe('USD 0.125');
  });
  it('when an amount is beyond float precision, then no digit changes', () => {
    expect(formatUsd('90071992547409931.07')).toBe('USD 90,071,992,547,409,931.07');
  });
  it('when a quantity range has thousands, then they are grouped and decimals kept', () => {
    expect(formatQuantityRange('1000', '1200')).toBe('1,000–1,200 MT');
    expect(formatQuantityRange('500', '600.5')).toBe('500–600.5 MT');
  });
});
