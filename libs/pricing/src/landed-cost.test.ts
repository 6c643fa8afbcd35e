import { describe, expect, it } from 'vitest';
import { landedCost, type PricedCharge, type PricedLine } from './landed-cost';

const VLSFO = 'vlsfo';
const MGO = 'mgo';

/** The two lines at their requested max: VLSFO 500–800 MT, MGO 50–100 MT. */
const lines = (vlsfo: string | null, mgo: string | null): PricedLine[] => [
  { product_line_id: VLSFO, price_per_mt: vlsfo, quantity_mt: '800' },
  { product_line_id: MGO, price_per_mt: mgo, quantity_mt: '100' },
];

const charge = (basis: PricedCharge['basis'], amount: string, extra: Partial<PricedCharge> = {}) => ({
  basis,
  amount,
  ...extra,
});

describe('landed cost: the worked example', () => {
  const barging = {
    kind: 'barging',
    ...charge('lump_sum_up_to', '1500', { threshold_mt: '500', amount_above: '3' }),
  };
  const wharfage = { kind: 'wharfage', ...charge('per_mt', '1.50') };
  const tax = { kind: 'tax', ...charge('percent', '5') };

  it('when an offer carries the barging tariff, wharfage per MT and a 5% tax, then every part and total is as the desk works it out', () => {
    const cost = landedCost(lines('600.00', '900.00'), [barging, wharfage, tax]);
    expect(cost.lines).toEqual([
      { product_line_id: VLSFO, fuel_cost: '480000.00' },
      { product_line_id: MGO, fuel_cost: '90000.00' },
    ]);
    expect(cost.charges.map((c) => [c.kind, c.amount_usd, c.contingent])).toEqual([
      ['barging', '2700.00', false],
      ['wharfage', '1350.00', false],
      ['tax', '28500.00', false],
    ]);
    expect(cost).toMatchObject({
      fuel_cost: '570000.00',
      charges_cost: '32550.00',
      total_landed_cost: '602550.00',
      all_in_per_mt: '669.50',
      indicative: false,
    });
  });

  it('when a dearer offer per line carries no charges, then its landed cost is lower', () => {
    const plain = landedCost(lines('605.00', '905.00'), []);
    expect(plain.total_landed_cost).toBe('574500.00');
    const itemised = landedCost(lines('600.00', '900.00'), [barging, wharfage, tax]);
    expect(Number(plain.total_landed_cost) < Number(itemised.total_landed_cost)).toBe(true);
  });
});

describe('landed cost: each basis', () => {
  it('when a charge is a lump sum, then it counts once for the stem whatever the tonnes', () => {
    expect(landedCost(lines('600', '900'), [charge('lump_sum', '1250.5')]).charges[0]!.amount_usd).toBe(
      '1250.50',
    );
  });

  it('when a charge is per MT, then it counts the tonnes of the lines it applies to', () => {
    const cost = landedCost(lines('600', '900'), [
      charge('per_mt', '2.25'),
      charge('per_mt', '2.25', { product_line_ids: [MGO] }),
    ]);
    expect(cost.charges.map((c) => c.amount_usd)).toEqual(['2025.00', '225.00']);
  });

  it('when the barging tariff covers up to a quantity, then only the tonnes above it pay the rate, summed over its lines', () => {
    const tariff = (threshold: string, ids?: string[]) =>
      charge('lump_sum_up_to', '1500', { threshold_mt: threshold, amount_above: '3', product_line_ids: ids });
    const cost = landedCost(lines('600', '900'), [
      tariff('900'),
      tariff('1000'),
      tariff('899.5'),
      tariff('50', [MGO]),
      tariff('500', [MGO]),
    ]);
    expect(cost.charges.map((c) => c.amount_usd)).toEqual([
      '1500.00',
      '1500.00',
      '1501.50',
      '1650.00',
      '1500.00',
    ]);
  });

  it('when a charge is a percentage, then it is that share of its own lines’ fuel cost', () => {
    const cost = landedCost(lines('600', '900'), [
      charge('percent', '7.5', { product_line_ids: [VLSFO] }),
      charge('percent', '0'),
    ]);
    expect(cost.charges.map((c) => c.amount_usd)).toEqual(['36000.00', '0.00']);
  });

  it('when a charge is per hour, then it is shown as contingent and never added to a total', () => {
    const cost = landedCost(lines('600', '900'), [charge('per_hour', '850'), charge('lump_sum', '100')]);
    expect(cost.charges[0]).toMatchObject({ amount_usd: null, contingent: true });
    expect(cost.charges_cost).toBe('100.00');
    expect(cost.total_landed_cost).toBe('570100.00');
  });

  it('when a charge names only lines not priced here, then it costs nothing', () => {
    const cost = landedCost(
      [lines('600', '900')[0]!],
      [charge('lump_sum', '500', { product_line_ids: [MGO] })],
    );
    expect(cost.charges[0]!.amount_usd).toBe('0.00');
    expect(cost.total_landed_cost).toBe('480000.00');
  });
});

describe('landed cost: rounding', () => {
  it('when parts have fractions of a cent, then each part is rounded half up first and the totals are sums of the rounded parts', () => {
    // 0.03 × 0.5 = 0.015 -> 0.02 (a float makes it 0.01499… -> 0.01); twice -> 0.04, not 0.03.
    const cost = landedCost(
      [
        { product_line_id: 'a', price_per_mt: '0.03', quantity_mt: '0.5' },
        { product_line_id: 'b', price_per_mt: '0.03', quantity_mt: '0.5' },
      ],
      [charge('per_mt', '0.01'), charge('percent', '12.5')],
    );
    expect(cost.lines.map((l) => l.fuel_cost)).toEqual(['0.02', '0.02']);
    expect(cost.fuel_cost).toBe('0.04');
    // 0.01 × 1 MT = 0.01; 12.5% of the rounded 0.04 = 0.005 -> 0.01.
    expect(cost.charges.map((c) => c.amount_usd)).toEqual(['0.01', '0.01']);
    expect(cost.total_landed_cost).toBe('0.06');
    expect(cost.all_in_per_mt).toBe('0.06');
  });

  it('when the all-in price falls on half a cent, then it rounds up; just below, down', () => {
    const one = (price: string, tonnes: string) =>
      landedCost([{ product_line_id: 'a', price_per_mt: price, quantity_mt: tonnes }], []);
    // 1.01 / 2 = 0.505 -> 0.51; 100.00 / 3 = 33.333… -> 33.33; 200.00 / 3 = 66.666… -> 66.67.
    expect(one('0.505', '2').all_in_per_mt).toBe('0.51');
    expect(one('33.3333', '3').all_in_per_mt).toBe('33.33');
    expect(one('66.6667', '3').all_in_per_mt).toBe('66.67');
    // 10.00 / 0.3 = 33.333… (a float says 33.333333333333336).
    expect(one('33.34', '0.3').all_in_per_mt).toBe('33.33');
  });

  it('when amounts exceed what a float holds, then no digit is lost', () => {
    const cost = landedCost(
      [{ product_line_id: 'a', price_per_mt: '999999.99', quantity_mt: '999999.9' }],
      [charge('lump_sum', '99999999.99')],
    );
    expect(cost.fuel_cost).toBe('999999890000.00');
    expect(cost.total_landed_cost).toBe('1000099889999.99');
  });
});

describe('landed cost: index-linked lines', () => {
  it('when an index line has no value yet, then the offer is indicative with every total null, and what can be counted still is', () => {
    const cost = landedCost(lines('600', null), [
      charge('per_mt', '1.5'),
      charge('percent', '5'),
      charge('percent', '5', { product_line_ids: [VLSFO] }),
    ]);
    expect(cost.indicative).toBe(true);
    expect(cost.lines).toEqual([
      { product_line_id: VLSFO, fuel_cost: '480000.00' },
      { product_line_id: MGO, fuel_cost: null },
    ]);
    expect(cost.charges.map((c) => c.amount_usd)).toEqual(['1350.00', null, '24000.00']);
    expect(cost).toMatchObject({
      fuel_cost: null,
      charges_cost: null,
      total_landed_cost: null,
      all_in_per_mt: null,
    });
  });

  it('when every index line has a value, then the offer is firm and totalled at its effective prices', () => {
    const cost = landedCost(lines('600', '900'), [charge('percent', '5')]);
    expect(cost.indicative).toBe(false);
    expect(cost.total_landed_cost).toBe('598500.00');
  });
});

describe('landed cost: the quantities given', () => {
  it('when lines are priced at what can be delivered, then fuel, per-MT charges and the tariff follow those tonnes', () => {
    const deliverable: PricedLine[] = [
      { product_line_id: VLSFO, price_per_mt: '600', quantity_mt: '600' },
      { product_line_id: MGO, price_per_mt: '900', quantity_mt: '100' },
    ];
    const cost = landedCost(deliverable, [
      charge('lump_sum_up_to', '1500', { threshold_mt: '500', amount_above: '3' }),
      charge('per_mt', '1.5'),
      charge('percent', '5'),
    ]);
    // 360,000 + 90,000 fuel; 1,500 + 200 × 3 barging; 700 × 1.5 wharfage; 5% of 450,000 tax.
    expect(cost.fuel_cost).toBe('450000.00');
    expect(cost.charges.map((c) => c.amount_usd)).toEqual(['2100.00', '1050.00', '22500.00']);
    expect(cost.total_landed_cost).toBe('475650.00');
    expect(cost.all_in_per_mt).toBe('679.50');
  });

  it('when a subset of lines is priced, then "every line" means every line given and the lump sum stays whole', () => {
    const cost = landedCost(
      [{ product_line_id: MGO, price_per_mt: '900', quantity_mt: '100' }],
      [
        charge('per_mt', '1.5'),
        charge('lump_sum', '1000'),
        charge('percent', '5', { product_line_ids: [VLSFO, MGO] }),
      ],
    );
    expect(cost.charges.map((c) => c.amount_usd)).toEqual(['150.00', '1000.00', '4500.00']);
    expect(cost.total_landed_cost).toBe('95650.00');
  });

  it('when no line is given, then the totals are zero and there is no price per tonne', () => {
    const cost = landedCost([], [charge('lump_sum', '100')]);
    expect(cost).toMatchObject({ fuel_cost: '0.00', total_landed_cost: '0.00', all_in_per_mt: null });
  });
});
