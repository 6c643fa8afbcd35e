import { sql, type Kysely } from 'kysely';
import { DASHBOARD_MONTHS } from '@mfd/contracts';
import type { InquiryDB } from '../src/data/db';
import { orderSavingsByCustomerMonth, volumeByGradeMonth } from '../src/domain/dashboard/award-sums';
import { utcMonthStart } from '../src/domain/dashboard/calendar-months';

/**
 * The dashboard's savings per customer and month and tonnes per grade and month computed from the
 * awards themselves, as the dashboard summed them before the sums were kept (migration 0026): each
 * award of the last 12 UTC months joined to its kept saving and to its lines. The kept sums must
 * answer exactly this.
 */
export async function dashboardFromAwards(db: Kysely<InquiryDB>, tenantId: string, now: Date) {
  const since = utcMonthStart(now, DASHBOARD_MONTHS - 1);
  const awards = db
    .selectFrom('offers as o')
    .innerJoin('inquiries as i', 'i.id', 'o.inquiry_id')
    .where('o.tenant_id', '=', tenantId)
    .where('o.status', '=', 'awarded')
    .where('o.awarded_at', '>=', since)
    .where('i.tenant_id', '=', tenantId)
    .where('i.status', '=', 'awarded');
  const counted = sql`filter (where s.vs_average_usd is not null and s.vs_highest_usd is not null)`;
  const savings = await db
    .with('a', () =>
      awards
        .select(['o.inquiry_id', 'i.customer_name', sql<Date>`min(o.awarded_at)`.as('awarded_at')])
        .groupBy(['o.inquiry_id', 'i.customer_name']),
    )
    .selectFrom('a')
    .innerJoin('award_savings as s', 's.inquiry_id', 'a.inquiry_id')
    .select([
      sql<string>`to_char(a.awarded_at at time zone 'UTC', 'YYYY-MM')`.as('month'),
      'a.customer_name',
      sql<string>`(sum(s.vs_average_usd) ${counted})::text`.as('vs_average_usd'),
      sql<string>`(sum(s.vs_highest_usd) ${counted})::text`.as('vs_highest_usd'),
      sql<number>`(count(*) ${counted})::int`.as('awarded'),
    ])
    .where('s.tenant_id', '=', tenantId)
    .groupBy([sql`1`, 'a.customer_name'])
    .having(sql<boolean>`count(*) ${counted} > 0`)
    .execute();
  const tonnes = await awards
    .innerJoin('inquiry_products as p', 'p.inquiry_id', 'o.inquiry_id')
    .select([
      sql<string>`to_char(o.awarded_at at time zone 'UTC', 'YYYY-MM')`.as('month'),
      'p.product_name',
      sql<string>`sum(p.quantity_mt_max)::text`.as('quantity_mt'),
    ])
    .where('p.tenant_id', '=', tenantId)
    .where(sql<boolean>`(o.awarded_line_ids is null or p.id = any(o.awarded_line_ids))`)
    .groupBy([sql`1`, 'p.product_name'])
    .execute();
  return {
    savings_by_customer_month: orderSavingsByCustomerMonth(savings),
    awarded_volume_by_month: volumeByGradeMonth(tonnes),
  };
}
