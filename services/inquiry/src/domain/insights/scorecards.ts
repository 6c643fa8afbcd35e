import type { Kysely } from 'kysely';
import { reportPeriod, type SupplierScorecard } from '@mfd/contracts';
import { averagePercentAboveBest } from '@mfd/pricing';
import type { InquiryDB } from '../../data/db';
import { chargesByOffer } from '../../data/offer-charges.repository';
import { linesByOffer } from '../../data/offer-lines.repository';
import { indexValuesByInquiry } from '../../data/price-history.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import { inquiriesSent, offeredOffers, scorecardRows } from '../../data/scorecards.repository';
import { chargeOf, priceOffer } from '../rfq/offer-pricing';

const DAY_MS = 86_400_000;
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/**
 * Per supplier, each offer's landed cost against the lowest of its inquiry, as (cost, best) pairs:
 * only firm, complete offers (an indicative or partial one prices something else), at the
 * inquiry's requested quantities and index values (the comparison's own rule, priceOffer).
 */
async function costsAgainstBest(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  const offers = await offeredOffers(db, tenantId, inquiryIds);
  const [requested, lines, charges, indexValues] = await Promise.all([
    linesByInquiry(db, tenantId, inquiryIds),
    linesByOffer(
      db,
      tenantId,
      offers.map((o) => o.id),
    ),
    chargesByOffer(db, tenantId, offers),
    indexValuesByInquiry(db, tenantId, inquiryIds),
  ]);
  const totals = offers.flatMap((o) => {
    const figures = priceOffer(
      requested.get(o.inquiry_id) ?? [],
      lines.get(o.id) ?? [],
      (charges.get(o.id) ?? []).map(chargeOf),
      indexValues.get(o.inquiry_id) ?? [],
    );
    return figures.total_landed_cost === null || figures.partial
      ? []
      : [{ ...o, total: figures.total_landed_cost }];
  });
  const best = new Map<string, string>();
  for (const t of totals) {
    const lowest = best.get(t.inquiry_id);
    if (lowest === undefined || Number(t.total) < Number(lowest)) best.set(t.inquiry_id, t.total);
  }
  const bySupplier = new Map<string, { cost: string; best: string }[]>();
  for (const t of totals) {
    if (!t.supplier_id) continue;
    bySupplier.set(t.supplier_id, [
      ...(bySupplier.get(t.supplier_id) ?? []),
      { cost: t.total, best: best.get(t.inquiry_id)! },
    ]);
  }
  return bySupplier;
}

/**
 * How each supplier answered and fared over the inquiries sent to it in the period (the last 90
 * days unless from/to say otherwise). Declines, claims and flagged invoices count 0 until their
 * records exist in the product.
 */
export async function supplierScorecards(
  db: Kysely<InquiryDB>,
  tenantId: string,
  query: { from?: string; to?: string },
  now: Date,
): Promise<SupplierScorecard[]> {
  const { from, to } = reportPeriod(query, now);
  const since = new Date(`${from}T00:00:00Z`);
  const until = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const [rows, inquiryIds] = await Promise.all([
    scorecardRows(db, tenantId, since, until),
    inquiriesSent(db, tenantId, since, until),
  ]);
  const pairs = await costsAgainstBest(db, tenantId, inquiryIds);
  return rows.map((row) => ({
    supplier_id: row.supplier_id,
    trading_name: row.trading_name,
    inquiries_received: row.inquiries_received,
    response_rate: rate(row.offers, row.inquiries_received),
    decline_rate: 0,
    median_response_seconds: row.median_response_seconds,
    win_rate: rate(row.wins, row.inquiries_received),
    avg_diff_to_best_pct: averagePercentAboveBest(pairs.get(row.supplier_id) ?? []),
    stems_delivered: row.stems_delivered,
    claims_quantity: 0,
    claims_quality: 0,
    invoices_flagged: 0,
  }));
}
