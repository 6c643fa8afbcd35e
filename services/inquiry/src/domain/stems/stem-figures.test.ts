import { describe, expect, it } from 'vitest';
import { stemFigures, type StemLineFacts } from './stem-figures';

const VLSFO = 'vlsfo';
const MGO = 'mgo';
const line = (
  id: string,
  price: string | null,
  max: string,
  adj: Partial<StemLineFacts> = {},
): StemLineFacts => ({
  product_line_id: id,
  pricing: price === null ? 'index' : 'fixed',
  price_per_mt: price,
  quantity_mt_max: max,
  adjustment_basis: null,
  adjustment_amount: null,
  ...adj,
});

describe('stem figures', () => {
  it('when there is no pricing, then sell = buy and the margin is nothing', () => {
    const f = stemFigures('none', [line(VLSFO, '612.35', '600')], []);
    expect(f.lines.get(VLSFO)).toEqual({ buy: '612.35', sell: '612.35' });
    expect(f.margin_usd).toBe('0.00');
    expect(f.commission_usd).toBeNull();
  });

  it('when a markup is set per line, then sell prices rise and the margin counts the requested max', () => {
    const f = stemFigures(
      'markup',
      [
        line(VLSFO, '612.35', '600.5', { adjustment_basis: 'per_mt', adjustment_amount: '7.5' }),
        line(MGO, '845.10', '80', { adjustment_basis: 'percent', adjustment_amount: '2' }),
      ],
      [],
    );
    expect(f.lines.get(VLSFO)!.sell).toBe('619.85');
    // 845.10 × 1.02 = 861.999 -> 862.00
    expect(f.lines.get(MGO)!.sell).toBe('862.00');
    // 7.5 × 600.5 = 4503.75; 16.90 × 80 = 1352.00
    expect(f.margin_usd).toBe('5855.75');
  });

  it('when delivered tonnes are known, then the margin and commission count them instead', () => {
    const lines = [line(VLSFO, '600', '800', { adjustment_basis: 'per_mt', adjustment_amount: '1.25' })];
    expect(stemFigures('commission', lines, []).commission_usd).toBe('1000.00');
    expect(stemFigures('commission', lines, [], new Map([[VLSFO, '650.2']])).commission_usd).toBe('812.75');
    const f = stemFigures('commission', lines, []);
    expect(f.lines.get(VLSFO)).toEqual({ buy: '600', sell: '600.00' });
    expect(f.margin_usd).toBe('0.00');
  });

  it('when a line is index-linked, then its prices and the margin over it are unknown', () => {
    const f = stemFigures(
      'markup',
      [line(VLSFO, null, '500', { adjustment_basis: 'per_mt', adjustment_amount: '5' })],
      [],
    );
    expect(f.lines.get(VLSFO)).toEqual({ buy: null, sell: null });
    expect(f.margin_usd).toBeNull();
  });

  it('when the offer carried charges, then they are counted at the stem tonnes, unchanged by the markup', () => {
    const f = stemFigures(
      'markup',
      [line(VLSFO, '600', '800', { adjustment_basis: 'per_mt', adjustment_amount: '10' })],
      [
        {
          kind: 'wharfage',
          basis: 'per_mt',
          amount: '1.5',
          threshold_mt: null,
          amount_above: null,
          product_line_ids: null,
          note: null,
        },
      ],
    );
    expect(f.charges[0]!.amount_usd).toBe('1200.00');
  });
});
