import { describe, expect, it } from 'vitest';
import { orderSavingsByCustomerMonth, volumeByGradeMonth } from './award-sums';

describe('the dashboard’s award sums', () => {
  it('when customers’ monthly sums come back in any order, then the newest month comes first, customers by name and no customer last, to the cent', () => {
    expect(
      orderSavingsByCustomerMonth([
        {
          month: '2026-10',
          customer_name: 'Nordic Tankers',
          vs_average_usd: '0.1',
          vs_highest_usd: '0.20',
          awarded: 1,
        },
        { month: '2026-11', customer_name: null, vs_average_usd: '5.00', vs_highest_usd: '5.00', awarded: 1 },
        {
          month: '2026-11',
          customer_name: 'Nordic Tankers',
          vs_average_usd: '0.30',
          vs_highest_usd: '-1.10',
          awarded: 2,
        },
        {
          month: '2026-11',
          customer_name: 'Baltic Shipping',
          vs_average_usd: '-3.00',
          vs_highest_usd: '0',
          awarded: 1,
        },
      ]),
    ).toEqual([
      {
        month: '2026-11',
        customer_name: 'Baltic Shipping',
        vs_average_usd: '-3.00',
        vs_highest_usd: '0.00',
        awarded: 1,
      },
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

  it('when a grade is typed in any case, then its names are one series added up exactly; months run oldest first', () => {
    expect(
      volumeByGradeMonth([
        { month: '2026-11', product_name: 'vlsfo ', quantity_mt: '500.0' },
        { month: '2026-11', product_name: 'VLSFO', quantity_mt: '0.5' },
        { month: '2026-10', product_name: 'MGO', quantity_mt: '100.0' },
      ]),
    ).toEqual([
      { month: '2026-10', product: 'MGO', quantity_mt: '100' },
      { month: '2026-11', product: 'VLSFO', quantity_mt: '500.5' },
    ]);
  });
});
