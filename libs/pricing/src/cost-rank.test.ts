import { describe, expect, it } from 'vitest';
import { costRank } from './cost-rank';

const totals = [
  { id: 'a', total: '574500.00' },
  { id: 'b', total: '602550.00' },
  { id: 'c', total: '99999.99' },
  { id: 'd', total: null },
  { id: 'e', total: '602550.00' },
];

describe('the rank of an offer on landed cost', () => {
  it('when totals differ, then the lowest is first, compared as decimals (not as text)', () => {
    expect(costRank(totals, 'c')).toEqual({ position: 1, of: 4 });
    expect(costRank(totals, 'a')).toEqual({ position: 2, of: 4 });
  });

  it('when two totals are equal, then they share the place', () => {
    expect(costRank(totals, 'b')).toEqual({ position: 3, of: 4 });
    expect(costRank(totals, 'e')).toEqual({ position: 3, of: 4 });
  });

  it('when an offer has no total yet or is not among them, then it has no rank', () => {
    expect(costRank(totals, 'd')).toBeNull();
    expect(costRank(totals, 'x')).toBeNull();
  });
});
