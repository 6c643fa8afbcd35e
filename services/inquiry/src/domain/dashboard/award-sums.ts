import Big from 'big.js';
import type { CustomerMonthSavings, MonthGradeVolume } from '@mfd/contracts';

/** The savings of one month and customer as the database sums them (numeric text). */
export interface CustomerMonthSum {
  month: string;
  customer_name: string | null;
  vs_average_usd: string;
  vs_highest_usd: string;
  awarded: number;
}

/** The tonnes of one month and product name as typed, as the database sums them (numeric text). */
export interface MonthProductSum {
  month: string;
  product_name: string;
  quantity_mt: string;
}

/**
 * A grade as the chart groups it: the product code in capitals, as the catalogue writes codes,
 * so "vlsfo" and "VLSFO " typed on two inquiries are one series (the price history matches them
 * the same way, in any case).
 */
export const gradeOf = (productName: string) => productName.trim().toUpperCase();

/**
 * The month and customer sums in the dashboard's order: newest month first, then by customer name
 * (no customer last), in dollars to the cent. Sorted here, not in SQL: names compare as the
 * JavaScript locale compares them, whatever the database's collation.
 */
export function orderSavingsByCustomerMonth(sums: CustomerMonthSum[]): CustomerMonthSavings[] {
  return [...sums]
    .sort(
      (a, b) =>
        b.month.localeCompare(a.month) ||
        (a.customer_name === null ? 1 : 0) - (b.customer_name === null ? 1 : 0) ||
        (a.customer_name ?? '').localeCompare(b.customer_name ?? ''),
    )
    .map((s) => ({
      month: s.month,
      customer_name: s.customer_name,
      vs_average_usd: new Big(s.vs_average_usd).toFixed(2),
      vs_highest_usd: new Big(s.vs_highest_usd).toFixed(2),
      awarded: s.awarded,
    }));
}

/**
 * The tonnes per month (oldest first, as a chart's x axis runs) and grade: the product names that
 * are one grade (gradeOf, here rather than in SQL so its trim and capitals are JavaScript's)
 * added up exactly, written without trailing zeros.
 */
export function volumeByGradeMonth(sums: MonthProductSum[]): MonthGradeVolume[] {
  const byGrade = new Map<string, { month: string; product: string; quantity: Big }>();
  for (const s of sums) {
    const product = gradeOf(s.product_name);
    const key = JSON.stringify([s.month, product]);
    const sum = byGrade.get(key) ?? { month: s.month, product, quantity: new Big(0) };
    sum.quantity = sum.quantity.plus(s.quantity_mt);
    byGrade.set(key, sum);
  }
  return [...byGrade.values()]
    .sort((a, b) => a.month.localeCompare(b.month) || a.product.localeCompare(b.product))
    .map((s) => ({ month: s.month, product: s.product, quantity_mt: s.quantity.toFixed() }));
}
