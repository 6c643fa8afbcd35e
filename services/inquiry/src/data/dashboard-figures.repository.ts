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
 * The winning offers of the company's awarded inquiries awarded since a moment (one per inquiry,
 * several for a split award), read through offers_tenant_awarded_idx: the tenant's awards by time,
 * each with its kept saving (award_savings; `kept` false where none was computed yet).
 */
export function awardsSince(db: Kysely<InquiryDB>, tenantId: string, since: Date) {
  return db
    .selectFrom('offers as o')
    .innerJoin('inquiries as i', 'i.id', 'o.inquiry_id')
    .leftJoin('award_savings as s', (j) =>
      j.onRef('s.inquiry_id', '=', 'o.inquiry_id').on('s.tenant_id', '=', tenantId),
    )
    .select([
      'o.inquiry_id',
      sql<Date>`o.awarded_at`.as('awarded_at'),
      'o.awarded_line_ids',
      'i.customer_name',
      sql<boolean>`s.inquiry_id is not null`.as('kept'),
      's.vs_average_usd',
      's.vs_highest_usd',
    ])
    .where('o.tenant_id', '=', tenantId)
    .where('o.status', '=', 'awarded')
    .where('o.awarded_at', '>=', since)
    .where('i.tenant_id', '=', tenantId)
    .where('i.status', '=', 'awarded')
    .execute();
}
