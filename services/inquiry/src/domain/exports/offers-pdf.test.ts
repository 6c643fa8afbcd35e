import { describe, expect, it } from 'vitest';
import { moneyText } from './offers-pdf';

describe('money in the PDF comparison', () => {
  it('when an amount is exact decimal text, then it shows grouped with 2 decimals, rounded half-up once', () => {
    expect(moneyText('1234567.5')).toBe('1,234,567.50');
    expect(moneyText('390000')).toBe('390,000.00');
    expect(moneyText('610.125')).toBe('610.13');
    expect(moneyText('-1500.004')).toBe('-1,500.00');
    expect(moneyText(0)).toBe('0.00');
  });
});
