import { describe, expect, it } from 'vitest';
import { compareDecimals, sumToCents } from './decimals';

describe('compareDecimals', () => {
  it('when two decimal texts differ in value, then the lower one orders first, whatever their decimals', () => {
    expect(compareDecimals('550.5', '550.50')).toBe(0);
    expect(compareDecimals('550.49', '550.5')).toBeLessThan(0);
    expect(compareDecimals('1000', '999.99')).toBeGreaterThan(0);
    expect(compareDecimals('-0.01', '0')).toBeLessThan(0);
  });
});

describe('sumToCents', () => {
  it('when amounts are added, then the sum is exact and written to cents, half up', () => {
    expect(sumToCents([])).toBe('0.00');
    expect(sumToCents(['0.1', '0.2'])).toBe('0.30');
    expect(sumToCents(['1500', '250.005'])).toBe('1750.01');
    expect(sumToCents(['10', '-12.5'])).toBe('-2.50');
  });
});
