import { z } from 'zod';
import { DECLINE_REASON_LABELS, DECLINE_REASONS } from './deadlines';
import { requiredText, uuid } from './fields';
import { portDate } from './port-time';

/** Reports look this far back unless asked otherwise (issue 26: the last 90 days). */
export const DEFAULT_REPORT_DAYS = 90;
/** The longest period one report covers: a few years of a desk's offers. */
export const MAX_REPORT_DAYS = 366 * 3;

const DAY_MS = 86_400_000;
const reportDate = (label: string) =>
  z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` }).optional();

/**
 * The days a report covers, both included: `from`/`to` as asked, else the 90 days up to today in
 * the report's time zone (a port's own, for a report on one port; UTC otherwise).
 */
export function reportPeriod(
  query: { from?: string; to?: string },
  now: Date,
  timeZone?: string | null,
): { from: string; to: string } {
  const to = query.to ?? portDate(now, timeZone);
  const from =
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** `from` and `to` (dates, optional everywhere): `from` not after `to`, at most MAX_REPORT_DAYS apart. */
function checkPeriod(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to) return;
  const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From' });
  else if (days >= MAX_REPORT_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    });
}

export const reportPeriodQuery = z
  .object({ from: reportDate('From'), to: reportDate('To') })
  .superRefine(checkPeriod);

export const priceHistoryQuery = z
  .object({
    port_id: uuid('Port'),
    product: requiredText('Fuel type', 50),
    from: reportDate('From'),
    to: reportDate('To'),
  })
  .superRefine(checkPeriod);
export type PriceHistoryQuery = z.input<typeof priceHistoryQuery>;

/** One port-time day with offers for the grade: prices per MT as exact decimal text. */
export const priceHistoryDay = z.object({
  date: z.iso.date(),
  offers: z.number().int(),
  min_price: z.string(),
  median_price: z.string(),
  max_price: z.string(),
  awarded_count: z.number().int(),
  /** Weighted by the awarded lines' requested max quantity; null on a day nothing offered was awarded. */
  awarded_avg_price: z.string().nullable(),
});
export type PriceHistoryDay = z.infer<typeof priceHistoryDay>;

export const priceHistoryResponse = z.object({ items: z.array(priceHistoryDay) });
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponse>;

/** What was last awarded at the inquiry's port for each of its grades, from the company's other inquiries. */
export const lastDoneLine = z.object({
  product_line_id: z.uuid(),
  price_per_mt: z.string(),
  /** The port-time day of the award. */
  date: z.iso.date(),
  inquiry_id: z.uuid(),
});
export type LastDoneLine = z.infer<typeof lastDoneLine>;

export const lastDoneResponse = z.object({ items: z.array(lastDoneLine) });
export type LastDoneResponse = z.infer<typeof lastDoneResponse>;

/** A query flag: 1/true or 0/false. */
const flag = (label: string) =>
  z
    .enum(['0', '1', 'true', 'false'], { error: `${label} must be 1 or 0` })
    .optional()
    .transform((v) => v === '1' || v === 'true');

/** What an exported comparison leaves out: the suppliers' names (shown as Supplier A, B…) or the customer. */
export const offersExportQuery = z.object({
  hide_suppliers: flag('Hide suppliers'),
  hide_customer: flag('Hide customer'),
});
export type OffersExportQuery = z.input<typeof offersExportQuery>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The period's scorecards, or one supplier's (`supplier_id`: a supplier with no inquiries in it has no row). */
export const supplierScorecardQuery = z
  .object({ from: reportDate('From'), to: reportDate('To'), supplier_id: uuid('Supplier').optional() })
  .superRefine(checkPeriod);
export type SupplierScorecardQuery = z.input<typeof supplierScorecardQuery>;

export const declineReasonCount = z.object({ reason: z.enum(DECLINE_REASONS), count: z.number().int() });
export type DeclineReasonCount = z.infer<typeof declineReasonCount>;

/** "No availability 2, Other 1": a scorecard's decline reasons in a cell (the table and the workbook). */
export const declineReasonsText = (reasons: DeclineReasonCount[]) =>
  reasons.map((r) => `${DECLINE_REASON_LABELS[r.reason]} ${r.count}`).join(', ');

/** How a supplier answered and fared over the inquiries sent to it in the period. */
export const supplierScorecard = z.object({
  supplier_id: z.uuid(),
  trading_name: z.string(),
  inquiries_received: z.number().int(),
  /** 0..1 over the inquiries received: offers made. */
  response_rate: z.number(),
  /** 0..1 over the inquiries received: declined to quote (a decline an offer later cleared does not count). */
  decline_rate: z.number(),
  /** The declines counted in decline_rate by reason: the most given first, a reason never given left out. */
  decline_reasons: z.array(declineReasonCount),
  median_response_seconds: z.number().int().nullable(),
  /** 0..1 over the inquiries received: won any line. */
  win_rate: z.number(),
  /** Mean over its firm, complete offers of (landed cost − the inquiry's lowest) / lowest × 100, 2 decimals. */
  avg_diff_to_best_pct: z.string().nullable(),
  /** Of the stems from those inquiries: delivered (or since invoiced or closed). */
  stems_delivered: z.number().int(),
  /** Claims raised against those stems, by kind, whatever became of them. */
  claims_quantity: z.number().int(),
  claims_quality: z.number().int(),
  /** Their invoices the invoice check flags (the stem page's rule). */
  invoices_flagged: z.number().int(),
});
export type SupplierScorecard = z.infer<typeof supplierScorecard>;

export const supplierScorecardsResponse = z.object({ items: z.array(supplierScorecard) });
export type SupplierScorecardsResponse = z.infer<typeof supplierScorecardsResponse>;

export const marginsQuery = reportPeriodQuery;

/** Per port-time month of the stem, customer and grade: what the company earned (issue 26 §3; the company only). */
export const marginRow = z.object({
  /** YYYY-MM. */
  month: z.string(),
  customer: z.string().nullable(),
  grade: z.string(),
  stems: z.number().int(),
  /** Markup stems: (sell − buy) × tonnes, summed over the lines priced; USD to the cent. */
  margin_usd: z.string(),
  /** Commission stems: the commission, summed over the lines priced; USD to the cent. */
  commission_usd: z.string(),
  /** Lines whose buy price is not known yet (an index without its final value): in neither sum. */
  lines_unpriced: z.number().int(),
});
export type MarginRow = z.infer<typeof marginRow>;

export const marginsResponse = z.object({ items: z.array(marginRow) });
export type MarginsResponse = z.infer<typeof marginsResponse>;
