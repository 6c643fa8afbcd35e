import Big from 'big.js';
import { declineReasonsText, type SupplierScorecard } from '@mfd/contracts';
import { addTableSheet, newWorkbook, workbookBytes } from './sheet';

/** A 0..1 rate as a percentage rounded half-up to 2 decimals (66.67 for 2/3): what a desk reads. */
export const percentOf = (rate: number) => new Big(rate).times(100).round(2, Big.roundHalfUp).toFixed(2);

/** Seconds as hours rounded half-up to 2 decimals; null stays empty (no offer to time). */
export const hoursOf = (seconds: number | null) =>
  seconds === null ? null : new Big(seconds).div(3600).round(2, Big.roundHalfUp).toFixed(2);

/** The supplier scorecards as a workbook: a row per supplier, every figure a number. */
export async function scorecardsWorkbook(
  scorecards: SupplierScorecard[],
  period: { from: string; to: string },
): Promise<Buffer> {
  const workbook = newWorkbook();
  addTableSheet(
    workbook,
    'Scorecards',
    [
      ['Supplier scorecards', `Inquiries first sent from ${period.from} to ${period.to} (UTC)`],
      ['Rates', 'Percent of the inquiries received; above best: landed cost over the inquiry’s lowest'],
    ],
    [
      { header: 'Supplier', kind: 'text', width: 28 },
      { header: 'Inquiries received', kind: 'count' },
      { header: 'Response rate (%)', kind: 'money' },
      { header: 'Decline rate (%)', kind: 'money' },
      { header: 'Decline reasons', kind: 'text', width: 30 },
      { header: 'Median response (hours)', kind: 'money', width: 22 },
      { header: 'Win rate (%)', kind: 'money' },
      { header: 'Above best, average (%)', kind: 'money', width: 22 },
      { header: 'Stems delivered', kind: 'count' },
      { header: 'Quantity claims', kind: 'count' },
      { header: 'Quality claims', kind: 'count' },
      { header: 'Invoices flagged', kind: 'count' },
    ],
    scorecards.map((s) => [
      s.trading_name,
      s.inquiries_received,
      percentOf(s.response_rate),
      percentOf(s.decline_rate),
      declineReasonsText(s.decline_reasons),
      hoursOf(s.median_response_seconds),
      percentOf(s.win_rate),
      s.avg_diff_to_best_pct,
      s.stems_delivered,
      s.claims_quantity,
      s.claims_quality,
      s.invoices_flagged,
    ]),
  );
  return workbookBytes(workbook);
}
