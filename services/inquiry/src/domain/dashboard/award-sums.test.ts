import { describe, expect, it } from 'vitest';
import { sumSavingsByCustomerMonth, sumVolumeByMonth } from './award-sums';

const saved = (vs_average_usd: string, vs_highest_usd: string) => ({ vs_average_usd, vs_highest_usd });

describe('the dashboard’s award sums', () => {
  it('when awards of one customer fall in one month, then their savings add up exactly, newest month first and no customer last', () => {
    expect(
      sumSavingsByCustomerMonth([
        { month: '2026-10', customer_name: 'Nordic Tankers', savings: saved('0.10', '0.20') },
        { month: '2026-11', customer_name: null, savings: saved('5.00', '5.00') },
        { month: '2026-11', customer_name: 'Nordic Tankers', savings: saved('0.10', '0.20') },
        { month: '2026-11', customer_name: 'Nordic Tankers', savings: saved('0.20', '-1.30') },
        { month: '2026-11', customer_name: 'Baltic Shipping', savings: saved('-3.00', '0.00') },
      ]),
    ).toEqual([
      {
        month: '2026-11',
        customer_name: 'Baltic Shipping',
        vs_average_usd: '-3.00',
        vs_highest_usd: '0.00',
        awarded: 1,
      },
      // 0.10 + 0.20 is 0.30 to the cent, not a float's 0.30000000000000004.
      {
        month: '2026-11',
        customer_name: 'Nordic Tankers',
        vs_average_usd: '0.30',
        vs_highest_usd: '-1.10',
        awarded: 2,
      },
      { month: '2026-11', customer_name: null, vs_average_usd: '5.00', vs_highest_usd: '5.00', awarded: 1 },
      {
        month: '2026-10',
        customer_name: 'Nordic Tankers',
        vs_average_usd: '0.10',
        vs_highest_usd: '0.20',
        awarded: 1,
      },
    ]);
  });

  it('when a grade is typed in any case, then it is one series; months run oldest first', () => {
    expect(
      sumVolumeByMonth([
        { month: '2026-11', product: 'vlsfo ', quantity_mt: '500.0' },
        { month: '2026-11', product: 'VLSFO', quantity_mt: '0.5' },
        { month: '2026-10', product: 'MGO', quantity_mt: '100.0' },
      ]),
    ).toEqual([
      { month: '2026-10', product: 'MGO', quantity_mt: '100' },
      { month: '2026-11', product: 'VLSFO', quantity_mt: '500.5' },
    ]);
  });
});
