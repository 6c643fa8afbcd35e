import { describe, expect, it } from 'vitest';
import { latestFirst } from './savings-order';

const row = (month: string, customer_name: string | null) => ({
  month,
  customer_name,
  awarded: 1,
  vs_average_usd: '1.00',
  vs_highest_usd: '2.00',
});

describe('the savings per customer, in reading order', () => {
  it('when a year of months is listed, then the latest month comes first, customers by name, none last', () => {
    const sorted = latestFirst([
      row('2025-12', 'Atlas'),
      row('2026-11', null),
      row('2026-11', 'Nordic'),
      row('2026-10', 'Atlas'),
      row('2026-11', 'Atlas'),
    ]);
    expect(sorted.map((r) => `${r.month} ${r.customer_name ?? '—'}`)).toEqual([
      '2026-11 Atlas',
      '2026-11 Nordic',
      '2026-11 —',
      '2026-10 Atlas',
      '2025-12 Atlas',
    ]);
  });
});
