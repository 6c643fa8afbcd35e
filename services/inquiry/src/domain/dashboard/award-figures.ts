import Big from 'big.js';
import type { Kysely } from 'kysely';
import { DASHBOARD_MONTHS, type InquirySavings } from '@mfd/contracts';
import { awardsSince } from '../../data/dashboard-figures.repository';
import type { InquiryDB } from '../../data/db';
import { linesByInquiry } from '../../data/product-lines.repository';
import { refreshAwardSavings } from '../insights/award-savings';
import { sumSavingsByCustomerMonth, sumVolumeByMonth, type MonthLine, type MonthSaving } from './award-sums';
import { utcMonth, utcMonthStart } from './calendar-months';

/**
 * The dashboard's award figures over the last DASHBOARD_MONTHS UTC months, each award in the month
 * its offer was awarded: the savings per customer and month (each inquiry's saving by the inquiry
 * detail's own rule, savingsByInquiry, as award_savings keeps it; a split award's once for the
 * whole split), this month's saving against the mean, and the tonnes awarded per grade and month
 * (the awarded lines' requested max, the quantity the price history weights awarded prices by; a
 * split award's lines count for the offer that won each).
 */
export async function awardFigures(db: Kysely<InquiryDB>, tenantId: string, now: Date) {
  const awards = await awardsSince(db, tenantId, utcMonthStart(now, DASHBOARD_MONTHS - 1));
  const inquiryIds = [...new Set(awards.map((a) => a.inquiry_id))];
  const [lines, savings] = await Promise.all([
    linesByInquiry(db, tenantId, inquiryIds),
    keptSavings(db, tenantId, awards),
  ]);

  const saved: MonthSaving[] = [];
  const volume: MonthLine[] = [];
  const counted = new Set<string>();
  for (const award of awards) {
    const month = utcMonth(award.awarded_at);
    // A split award has a row per winner (awarded together): its saving counts once.
    const saving = savings.get(award.inquiry_id);
    if (saving && !counted.has(award.inquiry_id)) {
      counted.add(award.inquiry_id);
      saved.push({ month, customer_name: award.customer_name, savings: saving });
    }
    for (const line of lines.get(award.inquiry_id) ?? []) {
      if (award.awarded_line_ids && !award.awarded_line_ids.includes(line.id)) continue;
      volume.push({ month, product: line.product_name, quantity_mt: line.quantity_mt_max });
    }
  }
  const thisMonth = utcMonth(now);
  return {
    savings_this_month_usd: saved
      .filter((s) => s.month === thisMonth)
      .reduce((sum, s) => sum.plus(s.savings.vs_average_usd), new Big(0))
      .toFixed(2),
    savings_by_customer_month: sumSavingsByCustomerMonth(saved),
    awarded_volume_by_month: sumVolumeByMonth(volume),
  };
}

/**
 * Each award's saving as award_savings keeps it (savingsByInquiry's answer, null figures: none),
 * the ones not kept yet computed now and kept (refreshAwardSavings, in batches). Those are awards
 * written before the table or straight in SQL (a seed); the start-up backfill fills them too, so
 * the steady state reads stored rows only. However many are missing, all are computed here: the
 * figures are sums shown as exact, and a sum over part of the awards would be a wrong figure with
 * nothing on the page to say so. Correctness over speed on the rare read that finds them missing.
 */
async function keptSavings(
  db: Kysely<InquiryDB>,
  tenantId: string,
  awards: Awaited<ReturnType<typeof awardsSince>>,
): Promise<Map<string, InquirySavings>> {
  const savings = new Map<string, InquirySavings>();
  const missing = new Set<string>();
  for (const a of awards) {
    if (!a.kept) missing.add(a.inquiry_id);
    else if (a.vs_average_usd !== null && a.vs_highest_usd !== null)
      savings.set(a.inquiry_id, { vs_average_usd: a.vs_average_usd, vs_highest_usd: a.vs_highest_usd });
  }
  for (const [id, saving] of await refreshAwardSavings(db, tenantId, [...missing])) savings.set(id, saving);
  return savings;
}
