import { sql, type Kysely } from 'kysely';
import type { InquiryDB } from './db';

export interface ScorecardRow {
  supplier_id: string;
  trading_name: string;
  inquiries_received: number;
  offers: number;
  wins: number;
  median_response_seconds: number | null;
  stems_delivered: number;
}

/**
 * Per supplier, over the inquiries first sent to it within [since, until): how many, how many it
 * offered on, how many it won any line of, its median time to a first offer, and its stems
 * delivered (delivered, invoiced or closed).
 */
export async function scorecardRows(
  db: Kysely<InquiryDB>,
  tenantId: string,
  since: Date,
  until: Date,
): Promise<ScorecardRow[]> {
  const { rows } = await sql<ScorecardRow>`
    with sent as (
      select supplier_id, inquiry_id, min(first_sent_at) as first_sent_at,
        (array_agg(supplier_name order by last_sent_at desc))[1] as supplier_name
      from inquiry_recipients
      where tenant_id = ${tenantId}
      group by supplier_id, inquiry_id
      having min(first_sent_at) >= ${since} and min(first_sent_at) < ${until}
    ),
    answered as (
      select o.supplier_id, o.inquiry_id, min(v.submitted_at) as first_offer_at, bool_or(o.status = 'awarded') as won
      from offers o
      join offer_revisions v on v.offer_id = o.id
      where o.tenant_id = ${tenantId} and o.status in ('submitted', 'awarded', 'not_awarded')
      group by o.supplier_id, o.inquiry_id
    ),
    delivered as (
      select supplier_id, count(*)::int as n from stems
      where tenant_id = ${tenantId} and status in ('delivered', 'invoiced', 'closed')
      group by supplier_id
    )
    select s.supplier_id,
      (array_agg(s.supplier_name order by s.first_sent_at desc))[1] as trading_name,
      count(*)::int as inquiries_received,
      count(a.inquiry_id)::int as offers,
      count(*) filter (where a.won)::int as wins,
      round(percentile_cont(0.5) within group (
        order by greatest(0, extract(epoch from a.first_offer_at - s.first_sent_at))
      ) filter (where a.first_offer_at is not null))::int as median_response_seconds,
      coalesce(max(d.n), 0)::int as stems_delivered
    from sent s
    left join answered a on a.supplier_id = s.supplier_id and a.inquiry_id = s.inquiry_id
    left join delivered d on d.supplier_id = s.supplier_id
    group by s.supplier_id
    order by trading_name, s.supplier_id
  `.execute(db);
  return rows;
}

/** The offered offers (id, revision, supplier) of the inquiries sent within the period. */
export function offeredOffers(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  if (inquiryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('offers')
    .select(['id', 'inquiry_id', 'supplier_id', 'revision'])
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', 'in', inquiryIds)
    .where('status', 'in', ['submitted', 'awarded', 'not_awarded'])
    .execute();
}

/** The inquiries first sent to any supplier within the period. */
export async function inquiriesSent(db: Kysely<InquiryDB>, tenantId: string, since: Date, until: Date) {
  const rows = await db
    .selectFrom('inquiry_recipients')
    .select('inquiry_id')
    .where('tenant_id', '=', tenantId)
    .groupBy('inquiry_id')
    .having(sql`min(first_sent_at)`, '>=', since)
    .having(sql`min(first_sent_at)`, '<', until)
    .execute();
  return rows.map((r) => r.inquiry_id);
}
