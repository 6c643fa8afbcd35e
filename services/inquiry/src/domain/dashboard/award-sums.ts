import Big from 'big.js';
import type { CustomerMonthSavings, InquirySavings, MonthGradeVolume } from '@mfd/contracts';

/** One award's saving in the month it was made, for its inquiry's customer. */
export interface MonthSaving {
  month: string;
  customer_name: string | null;
  savings: InquirySavings;
}

/** One awarded line in the month it was awarded: its grade and the requested max tonnes. */
export interface MonthLine {
  month: string;
  product: string;
  quantity_mt: string;
}

/**
 * A grade as the chart groups it: the product code in capitals, as the catalogue writes codes,
 * so "vlsfo" and "VLSFO " typed on two inquiries are one series (the price history matches them
 * the same way, in any case).
 */
export const gradeOf = (productName: string) => productName.trim().toUpperCase();

/** The savings summed per month (newest first) and customer (by name, no customer last); exact. */
export function sumSavingsByCustomerMonth(savings: MonthSaving[]): CustomerMonthSavings[] {
  const sums = new Map<
    string,
    { month: string; customer_name: string | null; avg: Big; high: Big; n: number }
  >();
  for (const s of savings) {
    const key = JSON.stringify([s.month, s.customer_name]);
    const sum = sums.get(key) ?? {
      month: s.month,
      customer_name: s.customer_name,
      avg: new Big(0),
      high: new Big(0),
      n: 0,
    };
    sum.avg = sum.avg.plus(s.savings.vs_average_usd);
    sum.high = sum.high.plus(s.savings.vs_highest_usd);
    sum.n += 1;
    sums.set(key, sum);
  }
  return [...sums.values()]
    .sort(
      (a, b) =>
        b.month.localeCompare(a.month) ||
        (a.customer_name === null ? 1 : 0) - (b.customer_name === null ? 1 : 0) ||
        (a.customer_name ?? '').localeCompare(b.customer_name ?? ''),
    )
    .map((s) => ({
      month: s.month,
      customer_name: s.customer_name,
      vs_average_usd: s.avg.toFixed(2),
      vs_highest_usd: s.high.toFixed(2),
      awarded: s.n,
    }));
}

/** The awarded tonnes summed per month (oldest first, as a chart's x axis runs) and grade. */
export function sumVolumeByMonth(lines: MonthLine[]): MonthGradeVolume[] {
  const sums = new Map<string, { month: string; product: string; quantity: Big }>();
  for (const l of lines) {
    const product = gradeOf(l.product);
    const key = JSON.stringify([l.month, product]);
    const sum = sums.get(key) ?? { month: l.month, product, quantity: new Big(0) };
    sum.quantity = sum.quantity.plus(l.quantity_mt);
    sums.set(key, sum);
  }
  return [...sums.values()]
    .sort((a, b) => a.month.localeCompare(b.month) || a.product.localeCompare(b.product))
    .map((s) => ({ month: s.month, product: s.product, quantity_mt: s.quantity.toFixed() }));
}
