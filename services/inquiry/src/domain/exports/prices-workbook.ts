import type { PriceHistoryDay } from '@mfd/contracts';
import { addTableSheet, newWorkbook, workbookBytes } from './sheet';

/** The price history as a workbook: one row per port-time day, prices as numbers. */
export async function pricesWorkbook(
  days: PriceHistoryDay[],
  filter: { product: string; port: string; from: string; to: string },
): Promise<Buffer> {
  const workbook = newWorkbook();
  addTableSheet(
    workbook,
    'Prices',
    [
      ['Price history', `${filter.product} at ${filter.port}`],
      ['Period (port time)', `${filter.from} to ${filter.to}`],
      ['Prices', 'USD per MT; index-linked lines at their index value plus the differential'],
    ],
    [
      { header: 'Date (port time)', kind: 'text', width: 18 },
      { header: 'Offers', kind: 'count', width: 10 },
      { header: 'Lowest', kind: 'money' },
      { header: 'Median', kind: 'money' },
      { header: 'Highest', kind: 'money' },
      { header: 'Awarded', kind: 'count', width: 10 },
      { header: 'Awarded average', kind: 'money' },
    ],
    days.map((d) => [
      d.date,
      d.offers,
      d.min_price,
      d.median_price,
      d.max_price,
      d.awarded_count,
      d.awarded_avg_price,
    ]),
  );
  return workbookBytes(workbook);
}
