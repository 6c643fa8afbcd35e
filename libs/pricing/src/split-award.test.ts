import { describe, expect, it } from 'vitest';
import type { PricedCharge } from './landed-cost';
import { costDifference, splitLandedCost } from './split-award';

const VLSFO = 'vlsfo';
const MGO = 'mgo';
const line = (id: string, price: string | null, quantity: string) => ({
  product_line_id: id,
  price_per_mt: price,
  quantity_mt: quantity,
});
const tariff: PricedCharge = {
  basis: 'lump_sum_up_to',
  amount: '1500',
  threshold_mt: '500',
  amount_above: '3',
};
const wharfage: PricedCharge = { basis: 'per_mt', amount: '1.50' };
const mgoTax: PricedCharge = { basis: 'percent', amount: '5', product_line_ids: [MGO] };
const barging: PricedCharge = { basis: 'lump_sum', amount: '1000' };

describe('the landed cost of a split award', () => {
  it('when VLSFO goes to the itemised offer and MGO to the plain one, then each is costed over its own lines and summed', () => {
    // VLSFO 800 MT at 600.00: 480,000.00 + tariff 2,400.00 + wharfage 1,200.00, the MGO tax left out;
    // MGO 100 MT at 880.00: 88,000.00 + the lump sum 1,000.00 whole.
    expect(
      splitLandedCost([
        { lines: [line(VLSFO, '600.00', '800')], charges: [tariff, wharfage, mgoTax] },
        { lines: [line(MGO, '880.00', '100')], charges: [barging] },
      ]),
    ).toBe('572600.00');
  });

  it('when a winner’s line has no index value yet, then the split has no total', () => {
    expect(
      splitLandedCost([
        { lines: [line(VLSFO, null, '800')], charges: [] },
        { lines: [line(MGO, '880.00', '100')], charges: [] },
      ]),
    ).toBeNull();
  });

  it('when no line is awarded, then there is no total; a winner with no lines adds nothing', () => {
    expect(splitLandedCost([{ lines: [], charges: [barging] }])).toBeNull();
    expect(
      splitLandedCost([
        { lines: [], charges: [barging] },
        { lines: [line(MGO, '880.00', '100')], charges: [] },
      ]),
    ).toBe('88000.00');
  });
});

describe('the difference between two amounts', () => {
  it('when one amount is lower, then the difference is negative, exact to the cent', () => {
    expect(costDifference('572600.00', '574500.00')).toBe('-1900.00');
    expect(costDifference('0.30', '0.10')).toBe('0.20');
    expect(costDifference('100', '100')).toBe('0.00');
  });
});
