import { describe, expect, it } from 'vitest';
import { awardSavings } from './savings';

describe('award savings', () => {
  it('when the award is the cheapest of three, then it saved the mean and the highest minus its cost', () => {
    // Mean (300,000 + 303,000 + 330,000) / 3 = 311,000.
    expect(awardSavings('300000.00', ['300000.00', '303000.00', '330000.00'])).toEqual({
      vs_average_usd: '11000.00',
      vs_highest_usd: '30000.00',
    });
  });

  it('when the mean has a repeating fraction, then the saving rounds half up to the cent once', () => {
    // Mean (100.00 + 100.00 + 100.01) / 3 = 100.00333…; minus 100.00 = 0.00333… -> 0.00.
    expect(awardSavings('100.00', ['100.00', '100.00', '100.01'])?.vs_average_usd).toBe('0.00');
    // Mean (100.00 + 100.01) / 2 = 100.005; minus 100.00 = 0.005 -> 0.01.
    expect(awardSavings('100.00', ['100.00', '100.01'])?.vs_average_usd).toBe('0.01');
  });

  it('when the award was not the cheapest, then the saving against the mean is negative', () => {
    expect(awardSavings('310.00', ['300.00', '310.00'])).toEqual({
      vs_average_usd: '-5.00',
      vs_highest_usd: '0.00',
    });
  });

  it('when nothing is comparable, then there is no saving', () => {
    expect(awardSavings('100.00', [])).toBeNull();
  });
});
