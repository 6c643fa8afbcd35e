import type { Kysely } from 'kysely';
import {
  DECLINE_REASONS,
  reportPeriod,
  type DeclineReason,
  type DeclineReasonCount,
  type SupplierScorecard,
} from '@mfd/contracts';
import { averagePercentAboveBest, compareDecimals } from '@mfd/pricing';
import { expectedInvoice, invoiceDifference } from '@mfd/stems';
import type { InquiryDB } from '../../data/db';
import { chargesByOffer } from '../../data/offer-charges.repository';
import { inquiriesSent, invoicedStems, scorecardRows } from '../../data/scorecards.repository';
import { chargeOf } from '../rfq/offer-pricing';
import { comparableTotals } from './comparable-offers';

const DAY_MS = 86_400_000;
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** The reasons counted, the most given first (ties in the offer page's order), none given left out. */
export function countReasons(reasons: DeclineReason[]): DeclineReasonCount[] {
  return DECLINE_REASONS.map((reason) => ({ reason, count: reasons.filter((r) => r === reason).length }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count);
}

/**
 * Per supplier, each offer's landed cost against the lowest of its inquiry, as (cost, best) pairs
 * over the comparable offers (comparableTotals).
 */
async function costsAgainstBest(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  const totals = await comparableTotals(db, tenantId, inquiryIds);
  const best = new Map<string, string>();
  for (const t of totals) {
    const lowest = best.get(t.inquiry_id);
    if (lowest === undefined || compareDecimals(t.total, lowest) < 0) best.set(t.inquiry_id, t.total);
  }
  const bySupplier = new Map<string, { cost: string; best: string }[]>();
  for (const t of totals) {
    if (!t.supplier_id) continue;
    const pair = { cost: t.total, best: best.get(t.inquiry_id)! };
    const pairs = bySupplier.get(t.supplier_id);
    if (pairs) pairs.push(pair);
    else bySupplier.set(t.supplier_id, [pair]);
  }
  return bySupplier;
}

/**
 * Per supplier, how many of its invoices on the inquiries the invoice check flags (the stem page's
 * rule: the agreed prices at the delivered tonnes with the charges, against the amount invoiced);
 * one still waiting for an index value is not flagged yet.
 */
async function flaggedInvoices(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  const stems = await invoicedStems(db, tenantId, inquiryIds);
  const charges = await chargesByOffer(
    db,
    tenantId,
    stems.map((s) => ({ id: s.offer_id, revision: s.offer_revision })),
  );
  const flagged = new Map<string, number>();
  for (const stem of stems) {
    if (!stem.supplier_id) continue;
    const expected = expectedInvoice(
      stem.lines.map((l) => ({ ...l, delivered_mt: stem.delivered.get(l.product_line_id) ?? '0' })),
      (charges.get(stem.offer_id) ?? []).map(chargeOf),
      stem.indexValues,
    );
    if (invoiceDifference(stem.amount_usd, expected.expected_usd).flagged === true)
      flagged.set(stem.supplier_id, (flagged.get(stem.supplier_id) ?? 0) + 1);
  }
  return flagged;
}

/**
 * How each supplier answered and fared over the inquiries sent to it in the period (the last 90
 * days unless from/to say otherwise): rates over the inquiries received; stems, claims and invoices
 * of those inquiries. With a supplier id, that supplier's only (its distance from the best still
 * measured against every offer of its inquiries).
 */
export async function supplierScorecards(
  db: Kysely<InquiryDB>,
  tenantId: string,
  query: { from?: string; to?: string; supplier_id?: string },
  now: Date,
): Promise<SupplierScorecard[]> {
  const { from, to } = reportPeriod(query, now);
  const since = new Date(`${from}T00:00:00Z`);
  const until = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  // The offers are priced while the rows are counted: at a year's volume each takes about a second.
  // One supplier's distance and invoices come only from inquiries it offered on.
  const priced = async () => {
    const inquiryIds = await inquiriesSent(db, tenantId, since, until, query.supplier_id);
    const [pairs, flagged] = await Promise.all([
      costsAgainstBest(db, tenantId, inquiryIds),
      flaggedInvoices(db, tenantId, inquiryIds),
    ]);
    return { pairs, flagged };
  };
  const [rows, { pairs, flagged }] = await Promise.all([
    scorecardRows(db, tenantId, since, until, query.supplier_id),
    priced(),
  ]);
  return rows.map((row) => ({
    supplier_id: row.supplier_id,
    trading_name: row.trading_name,
    inquiries_received: row.inquiries_received,
    response_rate: rate(row.offers, row.inquiries_received),
    decline_rate: rate(row.declines, row.inquiries_received),
    decline_reasons: countReasons(row.decline_reasons),
    median_response_seconds: row.median_response_seconds,
    win_rate: rate(row.wins, row.inquiries_received),
    avg_diff_to_best_pct: averagePercentAboveBest(pairs.get(row.supplier_id) ?? []),
    stems_delivered: row.stems_delivered,
    claims_quantity: row.claims_quantity,
    claims_quality: row.claims_quality,
    invoices_flagged: flagged.get(row.supplier_id) ?? 0,
  }));
}
