import { sql, type Kysely } from 'kysely';
import { CLAIM_BAR_WITHIN_HOURS } from '@mfd/contracts';
import type { InquiryDB } from './db';

/**
 * The dashboard's counts of what needs a trader now, each one count over one index: the tenant's
 * inquiries by creation time (inquiries_tenant_created_idx) and by status
 * (inquiries_tenant_status_idx), its stems by status (stems_list_idx), and the open claims whose
 * bar falls in the next 72 hours (stem_claims_open_bar_idx: a few days of every company's open
 * claims, then the tenant's).
 */
export async function dashboardCounts(db: Kysely<InquiryDB>, tenantId: string, monthStart: Date, now: Date) {
  const count = sql<number>`count(*)::int`.as('n');
  const barBy = new Date(now.getTime() + CLAIM_BAR_WITHIN_HOURS * 3_600_000);
  const [thisMonth, awaiting, stems, claims] = await Promise.all([
    db
      .selectFrom('inquiries')
      .select(count)
      .where('tenant_id', '=', tenantId)
      .where('created_at', '>=', monthStart)
      .executeTakeFirstOrThrow(),
    // Distribution makes an inquiry "distributed"; the first offer moves it on to "quoting".
    db
      .selectFrom('inquiries')
      .select(count)
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'distributed')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('stems')
      .select(count)
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', ['sent', 'acknowledged'])
      .executeTakeFirstOrThrow(),
    // The stem dashboard's window: open, time bar after now and within CLAIM_BAR_WITHIN_HOURS.
    db
      .selectFrom('stem_claims')
      .select(count)
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'open')
      .where('time_bar_at', '>', now)
      .where('time_bar_at', '<=', barBy)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    inquiries_this_month: thisMonth.n,
    awaiting_offers: awaiting.n,
    stems_awaiting_delivery: stems.n,
    claims_near_time_bar: claims.n,
  };
}

/**
 * The company's awards made since a moment: the winning offers (one per inquiry, several for a
 * split award) of its awarded inquiries, read through offers_tenant_awarded_idx (the tenant's
 * awards by time).
 */
function awardsSince(db: Kysely<InquiryDB>, tenantId: string, since: Date) {
  return db
    .selectFrom('offers as o')
    .innerJoin('inquiries as i', 'i.id', 'o.inquiry_id')
    .where('o.tenant_id', '=', tenantId)
    .where('o.status', '=', 'awarded')
    .where('o.awarded_at', '>=', since)
    .where('i.tenant_id', '=', tenantId)
    .where('i.status', '=', 'awarded');
}

/** The inquiries awarded since a moment that have no kept saving (award_savings) yet. */
export async function awardsWithoutKeptSavings(db: Kysely<InquiryDB>, tenantId: string, since: Date) {
  const rows = await awardsSince(db, tenantId, since)
    .select('o.inquiry_id')
    .distinct()
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('award_savings as s')
            .select('s.inquiry_id')
            .whereRef('s.inquiry_id', '=', 'o.inquiry_id')
            .where('s.tenant_id', '=', tenantId),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.inquiry_id);
}

/**
 * Whether the company may have an award without a kept saving: its awarded inquiries and its kept
 * savings (company_counts, kept by triggers) differ. Equal, no award lacks one (a saving is kept
 * only for an awarded inquiry, and an award is final), so the dashboard skips looking through a
 * year of awards for one.
 */
export async function mayLackKeptSavings(db: Kysely<InquiryDB>, tenantId: string) {
  const row = await db
    .selectFrom('company_counts')
    .select(['awarded_inquiries', 'kept_savings'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row !== undefined && row.awarded_inquiries !== row.kept_savings;
}

/**
 * The kept savings of the awards made since a month ("2026-11"), summed per UTC month and customer
 * name: award_month_savings, which award_savings' triggers keep (migration 0026) by the rule these
 * sums always had: an inquiry counts once however many offers won it (a split award), in the month
 * of its award, and only when both its figures are given. One row per month and customer, unordered.
 */
export function keptSavingsByCustomerMonth(db: Kysely<InquiryDB>, tenantId: string, sinceMonth: string) {
  return db
    .selectFrom('award_month_savings')
    .select([
      'month',
      'customer_name',
      sql<string>`vs_average_usd::text`.as('vs_average_usd'),
      sql<string>`vs_highest_usd::text`.as('vs_highest_usd'),
      'awarded',
    ])
    .where('tenant_id', '=', tenantId)
    .where('month', '>=', sinceMonth)
    .where('awarded', '>', 0)
    .execute();
}

/**
 * The requested max tonnes of the lines awarded since a month, summed per UTC month and product
 * name as typed: award_month_tonnes, kept with award_savings (migration 0026); a split award's
 * lines count for the offer that won each. One row per month and name, unordered.
 */
export function awardedTonnesByMonthProduct(db: Kysely<InquiryDB>, tenantId: string, sinceMonth: string) {
  return db
    .selectFrom('award_month_tonnes')
    .select(['month', 'product_name', sql<string>`quantity_mt::text`.as('quantity_mt')])
    .where('tenant_id', '=', tenantId)
    .where('month', '>=', sinceMonth)
    .where('lines', '>', 0)
    .execute();
}
