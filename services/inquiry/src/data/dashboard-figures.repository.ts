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

/** The UTC calendar month ("2026-11") an offer was awarded in, as utcMonth names it. */
const awardMonth = sql<string>`to_char(o.awarded_at at time zone 'UTC', 'YYYY-MM')`;

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
 * The kept savings of the awards made since a moment, summed per UTC month and customer name in
 * the database (numeric sums, exact): one row per month and customer, unordered. An inquiry counts
 * once however many offers won it (a split award), in the month of its award (the winners of a
 * split are awarded together); savings kept with null figures (none by the rule) do not count.
 * Those are left out by the aggregates' filter, not a where: the planner then expects a row per
 * award from the join whatever the table's share of nulls, and never loops over the awards once
 * per saving (a plan seen at 10,000 awards when statistics said every saving was null: 6 s).
 */
export function keptSavingsByCustomerMonth(db: Kysely<InquiryDB>, tenantId: string, since: Date) {
  const awards = awardsSince(db, tenantId, since)
    .select(['o.inquiry_id', 'i.customer_name', sql<Date>`min(o.awarded_at)`.as('awarded_at')])
    .groupBy(['o.inquiry_id', 'i.customer_name']);
  const counted = sql`filter (where s.vs_average_usd is not null and s.vs_highest_usd is not null)`;
  return db
    .with('a', () => awards)
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
}

/**
 * The requested max tonnes of the lines awarded since a moment, summed per UTC month and product
 * name as typed (numeric sums, exact): one row per month and name, unordered. A split award's
 * lines count for the offer that won each (awarded_line_ids; null: the whole inquiry).
 */
export function awardedTonnesByMonthProduct(db: Kysely<InquiryDB>, tenantId: string, since: Date) {
  return awardsSince(db, tenantId, since)
    .innerJoin('inquiry_products as p', 'p.inquiry_id', 'o.inquiry_id')
    .select([
      awardMonth.as('month'),
      'p.product_name',
      sql<string>`sum(p.quantity_mt_max)::text`.as('quantity_mt'),
    ])
    .where('p.tenant_id', '=', tenantId)
    .where(sql<boolean>`(o.awarded_line_ids is null or p.id = any(o.awarded_line_ids))`)
    .groupBy([sql`1`, 'p.product_name'])
    .execute();
}
