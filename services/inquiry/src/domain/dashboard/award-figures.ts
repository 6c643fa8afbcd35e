import Big from 'big.js';
import type { Kysely } from 'kysely';
import { DASHBOARD_MONTHS } from '@mfd/contracts';
import { awardsSince } from '../../data/dashboard-figures.repository';
import type { InquiryDB } from '../../data/db';
import { linesByInquiry } from '../../data/product-lines.repository';
import { savingsByInquiry } from '../insights/savings';
import { sumSavingsByCustomerMonth, sumVolumeByMonth, type MonthLine, type MonthSaving } from './award-sums';
import { utcMonth, utcMonthStart } from './calendar-months';

/**
 * The dashboard's award figures over the last DASHBOARD_MONTHS UTC months, each award in the month
 * its offer was awarded: the savings per customer and month (each inquiry's saving by the inquiry
 * detail's own rule, savingsByInquiry, a split award's once for the whole split), this month's
 * saving against the mean, and the tonnes awarded per grade and month (the awarded lines'
 * requested max, the quantity the price history weights awarded prices by; a split award's lines
 * count for the offer that won each).
 */
export async function awardFigures(db: Kysely<InquiryDB>, tenantId: string, now: Date) {
  const awards = await awardsSince(db, tenantId, utcMonthStart(now, DASHBOARD_MONTHS - 1));
  const inquiryIds = [...new Set(awards.map((a) => a.inquiry_id))];
  const lines = await linesByInquiry(db, tenantId, inquiryIds);
  const savings = await savingsByInquiry(db, tenantId, inquiryIds);

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
