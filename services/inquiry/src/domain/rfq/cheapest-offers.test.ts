import { describe, expect, it } from 'vitest';
import { cheapestOffers, type ComparableOffer } from './cheapest-offers';

const offer = (id: string, total: string | null, extra: Partial<ComparableOffer> = {}): ComparableOffer => ({
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

  it('when the lowest offer is indicative, then it is never cheapest overall, but its lines with a known price still compete', () => {
    const result = cheapestOffers([
      offer('indicative', null, {
        lines: [
          { product_line_id: 'vlsfo', price_per_mt: null },
          { product_line_id: 'mgo', price_per_mt: '800' },
        ],
      }),
      offer('firm', '602550.00', {
        lines: [
          { product_line_id: 'vlsfo', price_per_mt: '600' },
          { product_line_id: 'mgo', price_per_mt: '900' },
        ],
      }),
    ]);
    expect([...result.total]).toEqual(['firm']);
    expect([...result.byLine.get('vlsfo')!]).toEqual(['firm']);
    expect([...result.byLine.get('mgo')!]).toEqual(['indicative']);
  });

  it('when a cheaper offer per line carries more charges, then the lower landed cost is the cheapest total', () => {
    const result = cheapestOffers([
      offer('itemised', '602550.00', {
        lines: [
          { product_line_id: 'vlsfo', price_per_mt: '600.00' },
          { product_line_id: 'mgo', price_per_mt: '900.00' },
        ],
      }),
      offer('plain', '574500.00', {
        lines: [
          { product_line_id: 'vlsfo', price_per_mt: '605.00' },
          { product_line_id: 'mgo', price_per_mt: '905.00' },
        ],
      }),
    ]);
    expect([...result.total]).toEqual(['plain']);
    expect([...result.byLine.get('vlsfo')!]).toEqual(['itemised']);
    expect([...result.byLine.get('mgo')!]).toEqual(['itemised']);
  });

  it('when every offer is partial or excluded, then nothing is cheapest overall', () => {
    const result = cheapestOffers([
      offer('p', '1.00', { partial: true }),
      offer('x', '2.00', { excluded: true }),
    ]);
    expect(result.total.size).toBe(0);
  });
});
