import Big from 'big.js';
import type { Kysely } from 'kysely';
import { DASHBOARD_MONTHS } from '@mfd/contracts';
import {
  awardedTonnesByMonthProduct,
  awardsWithoutKeptSavings,
  keptSavingsByCustomerMonth,
  mayLackKeptSavings,
} from '../../data/dashboard-figures.repository';
import type { InquiryDB } from '../../data/db';
import { refreshAwardSavings } from '../insights/award-savings';
import { orderSavingsByCustomerMonth, volumeByGradeMonth } from './award-sums';
import { utcMonth, utcMonthStart } from './calendar-months';

/**
 * The dashboard's award figures over the last DASHBOARD_MONTHS UTC months, each award in the month
 * its offer was awarded: the savings per customer and month (each inquiry's saving by the inquiry
 * detail's own rule, savingsByInquiry, as award_savings keeps it; a split award's once for the
 * whole split), this month's saving against the mean, and the tonnes awarded per grade and month
 * (the awarded lines' requested max, the quantity the price history weights awarded prices by; a
 * split award's lines count for the offer that won each). The sums per month are kept with the
 * kept savings (migration 0026; issue 27: a year of a big company's awards is tens of thousands of
 * rows); a few hundred come back.
 */
export async function awardFigures(db: Kysely<InquiryDB>, tenantId: string, now: Date) {
  const since = utcMonthStart(now, DASHBOARD_MONTHS - 1);
  await keepMissingSavings(db, tenantId, since);
  const [savings, tonnes] = await Promise.all([
    keptSavingsByCustomerMonth(db, tenantId, utcMonth(since)),
    awardedTonnesByMonthProduct(db, tenantId, utcMonth(since)),
  ]);
  const thisMonth = utcMonth(now);
  return {
    savings_this_month_usd: savings
      .filter((s) => s.month === thisMonth)
      .reduce((sum, s) => sum.plus(s.vs_average_usd), new Big(0))
      .toFixed(2),
    savings_by_customer_month: orderSavingsByCustomerMonth(savings),
    awarded_volume_by_month: volumeByGradeMonth(tonnes),
  };
}

/**
 * Computes and keeps the savings of the awards that award_savings has no row for yet
 * (refreshAwardSavings, in batches), before the sums read the table. Those are awards written
 * before the table or straight in SQL (a seed); the start-up backfill fills them too, so the
 * steady state finds none. However many are missing, all are computed here: the figures are sums
 * shown as exact, and a sum over part of the awards would be a wrong figure with nothing on the
 * page to say so. Correctness over speed on the rare read that finds them missing.
 */
async function keepMissingSavings(db: Kysely<InquiryDB>, tenantId: string, since: Date) {
  if (!(await mayLackKeptSavings(db, tenantId))) return;
  const missing = await awardsWithoutKeptSavings(db, tenantId, since);
  if (missing.length > 0) await refreshAwardSavings(db, tenantId, missing);
}
