import { describe, expect, it } from 'vitest';
import {
  averagePercentAboveBest,
  medianPrice,
  priceDifference,
  priceRange,
  weightedAveragePrice,
} from './price-stats';

describe('median price', () => {
  it('when the count is odd, then it is the middle price whatever the order given', () => {
    expect(medianPrice(['610.00', '598.5', '605.25'])).toBe('605.25');
  });

  it('when the count is even, then it is the exact mean of the two middle prices, a third decimal kept', () => {
    expect(medianPrice(['600.01', '600.02'])).toBe('600.015');
    expect(medianPrice(['590', '600', '610', '700'])).toBe('605.00');
  });

  it('when there is no price, then there is no median', () => {
    expect(medianPrice([])).toBeNull();
  });
});

describe('price range', () => {
  it('when prices are given, then the lowest and highest compare as decimals, not as text', () => {
    expect(priceRange(['99.5', '1000', '605'])).toEqual({ min: '99.50', max: '1000.00' });
    expect(priceRange([])).toBeNull();
  });
});

describe('weighted average price', () => {
  it('when lines of different tonnes are averaged, then each counts by its tonnes', () => {
    // (600 × 500 + 620 × 1500) / 2000 = 615.
    expect(
      weightedAveragePrice([
        { price_per_mt: '600', quantity_mt: '500' },
        { price_per_mt: '620', quantity_mt: '1500' },
      ]),
    ).toBe('615.00');
  });

  it('when the average falls on half a cent, then it rounds up once at the end; a float would round down', () => {
    // (0.01 × 1 + 0.02 × 1) / 2 = 0.015 -> 0.02.
    expect(
      weightedAveragePrice([
        { price_per_mt: '0.01', quantity_mt: '1' },
        { price_per_mt: '0.02', quantity_mt: '1' },
      ]),
    ).toBe('0.02');
    // 1000 / 3 = 333.333… -> 333.33; 2000 / 3 -> 666.67.
    expect(
      weightedAveragePrice([
        { price_per_mt: '1000', quantity_mt: '1' },
        { price_per_mt: '0', quantity_mt: '2' },
      ]),
    ).toBe('333.33');
    expect(
      weightedAveragePrice([
        { price_per_mt: '1000', quantity_mt: '2' },
        { price_per_mt: '0', quantity_mt: '1' },
      ]),
    ).toBe('666.67');
  });

  it('when no tonnes are given, then there is no average', () => {
    expect(weightedAveragePrice([])).toBeNull();
  });
});

describe('price difference', () => {
  it('when an offer is above or below another price, then the difference is signed, to cents', () => {
    expect(priceDifference('612.5', '605')).toBe('7.50');
    expect(priceDifference('600', '605.25')).toBe('-5.25');
  });
});

describe('average per cent above the best', () => {
  it('when offers are above their inquiries’ best, then the mean of their percentages is rounded once, after averaging', () => {
    // 0%, 10%, 1/3 %: mean 3.4444… -> 3.44 (rounding each first would give (0 + 10 + 0.33) / 3 = 3.443…).
    expect(
      averagePercentAboveBest([
        { cost: '1000', best: '1000' },
        { cost: '1100', best: '1000' },
        { cost: '301', best: '300' },
      ]),
    ).toBe('3.44');
    // 0.005% exactly -> 0.01 (half up).
    expect(
      averagePercentAboveBest([
        { cost: '100005', best: '100000' },
        { cost: '1', best: '1' },
      ]),
    ).toBe('0.00');
    expect(
      averagePercentAboveBest([
        { cost: '100010', best: '100000' },
        { cost: '1', best: '1' },
      ]),
    ).toBe('0.01');
  });

  it('when there is no offer to compare, then there is no average', () => {
    expect(averagePercentAboveBest([])).toBeNull();
  });
});
