import { describe, expect, it } from 'vitest';
import { cheapestOffers, offerTotal, type ComparableOffer } from './offer-totals';

const asked = [
  { id: 'vlsfo', quantity_mt_max: '600.5' },
  { id: 'mgo', quantity_mt_max: '80' },
  { id: 'hsfo', quantity_mt_max: '0.5' },
];

const line = (product_line_id: string, price_per_mt: string, max_deliverable = '1000') => ({
  product_line_id,
  price_per_mt,
  max_deliverable,
});

describe('offer total', () => {
  it('when prices and charges are decimals floats get wrong, then the total is exact', () => {
    // As floats, 0.03 × 0.5 = 0.015 is 0.01499… and rounds down to 0.01.
    expect((0.03 * 0.5).toFixed(2)).toBe('0.01');
    const product = offerTotal([{ id: 'hsfo', quantity_mt_max: '0.5' }], {
      lines: [line('hsfo', '0.03')],
      barging_charges: '0',
      other_charges: '0',
    });
    expect(product).toEqual({ total: '0.02', partial: false, shortLines: [] });
    // As floats, 0.1 + 0.2 is 0.30000000000000004.
    const charges = offerTotal([], { lines: [], barging_charges: '0.1', other_charges: '0.2' });
    expect(charges.total).toBe('0.30');
  });

  it('when three lines are priced, then the total is Σ price × requested max plus both charges, rounded half up to cents', () => {
    const total = offerTotal(asked, {
      lines: [line('vlsfo', '612.35'), line('mgo', '845.15'), line('hsfo', '0.03')],
      barging_charges: '0.1',
      other_charges: '0.2',
    });
    // 367716.175 + 67612 + 0.015 + 0.3 = 435328.490
    expect(total.total).toBe('435328.49');
    const halfUp = offerTotal(asked, {
      lines: [line('vlsfo', '500'), line('mgo', '500'), line('hsfo', '0.01')],
      barging_charges: '0',
      other_charges: '0',
    });
    // 300250 + 40000 + 0.005
    expect(halfUp.total).toBe('340250.01');
  });

  it('when a requested line is not priced, then the offer is partial and its total covers the priced lines only', () => {
    const total = offerTotal(asked, {
      lines: [line('vlsfo', '600')],
      barging_charges: '100',
      other_charges: '0',
    });
    expect(total).toEqual({ total: '360400.00', partial: true, shortLines: [] });
  });

  it('when a line can be delivered only in part, then it still counts at the requested max and is reported short', () => {
    const total = offerTotal(asked, {
      lines: [line('vlsfo', '600', '600.5'), line('mgo', '800', '79.9'), line('hsfo', '1', '0.5')],
      barging_charges: '0',
      other_charges: '0',
    });
    // At exactly the requested max a line is not short.
    expect(total.shortLines).toEqual(['mgo']);
    expect(total.total).toBe('424300.50');
  });

  it('when an offer prices a line the inquiry no longer has, then that line is ignored', () => {
    const total = offerTotal([asked[1]!], {
      lines: [line('mgo', '800'), line('gone', '999')],
      barging_charges: '0',
      other_charges: '0',
    });
    expect(total).toEqual({ total: '64000.00', partial: false, shortLines: [] });
  });

  it('when nothing requested is priced, then the total is the charges and the offer is partial', () => {
    expect(offerTotal(asked, { lines: [], barging_charges: '1500.5', other_charges: '0' })).toEqual({
      total: '1500.50',
      partial: true,
      shortLines: [],
    });
  });
});

const offer = (id: string, total: string, extra: Partial<ComparableOffer> = {}): ComparableOffer => ({
  id,
  total,
  partial: false,
  excluded: false,
  lines: [],
  ...extra,
});

describe('cheapest offers', () => {
  it('when totals differ by a cent, then only the lower is cheapest, compared as decimals not text', () => {
    const result = cheapestOffers([offer('a', '1000.01'), offer('b', '999.99'), offer('c', '10000.00')]);
    expect([...result.total]).toEqual(['b']);
  });

  it('when two complete offers tie, then both are marked cheapest', () => {
    const result = cheapestOffers([
      offer('a', '435328.49'),
      offer('b', '435328.490'),
      offer('c', '435328.50'),
    ]);
    expect([...result.total].sort()).toEqual(['a', 'b']);
  });

  it('when a partial offer has the lowest total, then it is never the cheapest overall, but may be cheapest on its line', () => {
    const result = cheapestOffers([
      offer('partial', '100.00', {
        partial: true,
        lines: [{ product_line_id: 'vlsfo', price_per_mt: '500' }],
      }),
      offer('complete', '900.00', {
        lines: [
          { product_line_id: 'vlsfo', price_per_mt: '600' },
          { product_line_id: 'mgo', price_per_mt: '800' },
        ],
      }),
    ]);
    expect([...result.total]).toEqual(['complete']);
    expect([...result.byLine.get('vlsfo')!]).toEqual(['partial']);
    expect([...result.byLine.get('mgo')!]).toEqual(['complete']);
  });

  it('when the cheapest offer is excluded (expired or not standing), then it is marked nowhere', () => {
    const result = cheapestOffers([
      offer('expired', '1.00', { excluded: true, lines: [{ product_line_id: 'vlsfo', price_per_mt: '1' }] }),
      offer('valid', '2.00', { lines: [{ product_line_id: 'vlsfo', price_per_mt: '2' }] }),
    ]);
    expect([...result.total]).toEqual(['valid']);
    expect([...result.byLine.get('vlsfo')!]).toEqual(['valid']);
  });

  it('when two offers tie on a line price, then both are cheapest on that line', () => {
    const result = cheapestOffers([
      offer('a', '10.00', { lines: [{ product_line_id: 'mgo', price_per_mt: '845.10' }] }),
      offer('b', '20.00', { lines: [{ product_line_id: 'mgo', price_per_mt: '845.1' }] }),
    ]);
    expect([...result.byLine.get('mgo')!].sort()).toEqual(['a', 'b']);
  });

  it('when every offer is partial or excluded, then nothing is cheapest overall', () => {
    const result = cheapestOffers([
      offer('p', '1.00', { partial: true }),
      offer('x', '2.00', { excluded: true }),
    ]);
    expect(result.total.size).toBe(0);
  });
});
