import type { CustomerMonthSavings } from '@mfd/contracts';

/** The latest month first (a desk reads this month before last year's), customers by name within a month. */
export function latestFirst(rows: readonly CustomerMonthSavings[]): CustomerMonthSavings[] {
  return [...rows].sort(
    (a, b) =>
      b.month.localeCompare(a.month) ||
      (a.customer_name ?? '\uffff').localeCompare(b.customer_name ?? '\uffff'),
  );
}
