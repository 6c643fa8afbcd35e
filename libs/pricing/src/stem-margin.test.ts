import { describe, expect, it } from 'vitest';
import { lineCommission, lineMargin, markedUpPrice, sumAmounts } from './stem-margin';

describe('markup: the customer’s price', () => {
  it('when the markup is per MT, then sell = buy + amount', () => {
    expect(markedUpPrice('612.35', { basis: 'per_mt', amount: '7.5' })).toBe('619.85');
  });

  it('when the markup is a percentage, then sell = buy × (1 + amount/100), half up to cents', () => {
    // 600.10 × 1.025 = 615.1025 -> 615.10; 0.50 × 1.01 = 0.505 -> 0.51 (a float says 0.5049…).
    expect(markedUpPrice('600.10', { basis: 'percent', amount: '2.5' })).toBe('615.10');
    expect(markedUpPrice('0.50', { basis: 'percent', amount: '1' })).toBe('0.51');
  });

  it('when there is no markup, then sell = buy', () => {
    expect(markedUpPrice('845.1', null)).toBe('845.10');
  });

  it('when the buy price is not known yet (an index line), then neither is the sell price', () => {
    expect(markedUpPrice(null, { basis: 'per_mt', amount: '5' })).toBeNull();
  });
});

describe('commission: paid by the seller', () => {
  it('when the commission is per MT, then it is amount × tonnes, known even before the index', () => {
    expect(lineCommission(null, '600.5', { basis: 'per_mt', amount: '1.25' })).toBe('750.63');
  });

  it('when the commission is a percentage, then it is that share of the buy cost, half up to cents', () => {
    // 612.35 × 600.5 × 0.5% = 1838.58087… -> 1838.58
    expect(lineCommission('612.35', '600.5', { basis: 'percent', amount: '0.5' })).toBe('1838.58');
    expect(lineCommission(null, '600.5', { basis: 'percent', amount: '0.5' })).toBeNull();
  });
});

describe('margin and sums', () => {
  it('when both prices are known, then the margin is their difference times the tonnes', () => {
    expect(lineMargin('612.35', '619.85', '600.5')).toBe('4503.75');
    expect(lineMargin(null, '619.85', '600.5')).toBeNull();
  });

  it('when a part is unknown, then the sum is unknown; otherwise exact', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['1.00', null])).toBeNull();
    expect(sumAmounts([])).toBe('0.00');
  });
});
