import { sql, type Kysely } from 'kysely';
import type { DeclineReason } from '@mfd/contracts';
import type { InquiryDB } from './db';
import { anyId } from '@mfd/db';

export interface ScorecardRow {
  supplier_id: string;
  trading_name: string;
  inquiries_received: number;
  offers: number;
  declines: number;
  /** The reason of each decline counted in `declines`, one entry per inquiry. */
  decline_reasons: DeclineReason[];
  wins: number;
  median_response_seconds: number | null;
  stems_delivered: number;
  claims_quantity: number;
  claims_quality: number;
}

/**
 * Per supplier, over the inquiries first sent to it within [since, until): how many, how many it
 * offered on, declined (a decline that still stands: an offer after it clears it) and why (the
 * latest decline's reason, when several of its addresses declined), won any line of, its median
 * time to a first offer, and of its stems from those inquiries the delivered ones (delivered,
 * invoiced or closed) and the quantity and quality claims raised against them (whatever became of
 * each: a claim raised is the supplier's record). With a supplier id, that supplier's row only.
 */
export async function scorecardRows(
  db: Kysely<InquiryDB>,
  tenantId: string,
  since: Date,
  until: Date,
  supplierId?: string,
): Promise<ScorecardRow[]> {
  const bySupplier = supplierId ? sql`and supplier_id = ${supplierId}` : sql``;
  const { rows } = await sql<ScorecardRow>`
    with period as (${sentWithin(tenantId, since, until, bySupplier)}),
    sent as (
      select supplier_id, inquiry_id, min(first_sent_at) as first_sent_at,
        (array_agg(supplier_name order by last_sent_at desc))[1] as supplier_name,
        bool_or(declined_at is not null) as declined,
        (array_agg(decline_reason order by declined_at desc) filter (where declined_at is not null))[1]
          as decline_reason
      from inquiry_recipients
      where tenant_id = ${tenantId} ${bySupplier} and inquiry_id in (select inquiry_id from period)
      group by supplier_id, inquiry_id
      having min(first_sent_at) >= ${since} and min(first_sent_at) < ${until}
    ),
    answered as (
      select o.supplier_id, o.inquiry_id, min(v.submitted_at) as first_offer_at, bool_or(o.status = 'awarded') as won
      from offers o
      join offer_revisions v on v.offer_id = o.id
      where o.tenant_id = ${tenantId} and o.status in ('submitted', 'awarded', 'not_awarded')
        and o.inquiry_id in (select inquiry_id from period)
      group by o.supplier_id, o.inquiry_id
    ),
    stemmed as (
      select st.supplier_id, st.inquiry_id,
        count(*) filter (where st.status in ('delivered', 'invoiced', 'closed')) as delivered,
        coalesce(sum(c.quantity), 0) as claims_quantity,
        coalesce(sum(c.quality), 0) as claims_quality
      from stems st
      left join lateral (
        select count(*) filter (where kind = 'quantity') as quantity,
          count(*) filter (where kind = 'quality') as quality
        from stem_claims where tenant_id = ${tenantId} and stem_id = st.id
      ) c on true
      where st.tenant_id = ${tenantId} and st.inquiry_id in (select inquiry_id from period)
      group by st.supplier_id, st.inquiry_id
    )
    select s.supplier_id,
      (array_agg(s.supplier_name order by s.first_sent_at desc))[1] as trading_name,
      count(*)::int as inquiries_received,
      count(a.inquiry_id)::int as offers,
      count(*) filter (where s.declined and a.inquiry_id is null)::int as declines,
      coalesce(array_agg(s.decline_reason) filter (where s.declined and a.inquiry_id is null), '{}')
        as decline_reasons,
      count(*) filter (where a.won)::int as wins,
      round(percentile_cont(0.5) within group (
        order by greatest(0, extract(epoch from a.first_offer_at - s.first_sent_at))
      ) filter (where a.first_offer_at is not null))::int as median_response_seconds,
      coalesce(sum(d.delivered), 0)::int as stems_delivered,
      coalesce(sum(d.claims_quantity), 0)::int as claims_quantity,
      coalesce(sum(d.claims_quality), 0)::int as claims_quality
    from sent s
    left join answered a on a.supplier_id = s.supplier_id and a.inquiry_id = s.inquiry_id
    left join stemmed d on d.supplier_id = s.supplier_id and d.inquiry_id = s.inquiry_id
    group by s.supplier_id
    order by trading_name, s.supplier_id
  `.execute(db);
  return rows;
}

/** An offer that was sent to the trader: standing, or decided by an award. */
const OFFERED = ['submitted', 'awarded', 'not_awarded'] as const;

/** The offered offers (id, revision, supplier, whether and what it won) of the given inquiries. */
export function offeredOffers(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  if (inquiryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('offers')
    .select(['id', 'inquiry_id', 'supplier_id', 'revision', 'status', 'awarded_line_ids'])
    .where('tenant_id', '=', tenantId)
    .where(anyId('inquiry_id', inquiryIds))
    .where('status', 'in', OFFERED)
    .execute();
}

function grouped<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const group = map.get(key(row));
    if (group) group.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/**
 * The requested lines of the given inquiries as an offer is priced against them (id and requested
 * max), in the inquiry's order, by inquiry: a quarter's report reads 100,000s of them.
 */
export async function requestedLines(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  const rows = await db
    .selectFrom('inquiry_products')
    .select(['id', 'inquiry_id', 'quantity_mt_max'])
    .where('tenant_id', '=', tenantId)
    .where(anyId('inquiry_id', inquiryIds))
    .orderBy('position')
    .execute();
  return grouped(rows, (r) => r.inquiry_id);
}

/**
 * The priced lines of the offered offers of the given inquiries (what pricing reads of each), by
 * offer: joined on the offers, so a quarter's 100,000s of offer ids are not sent back to be read.
 */
export async function offeredLines(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  const rows = await db
    .selectFrom('offer_lines as l')
    .innerJoin('offers as o', 'o.id', 'l.offer_id')
    .select([
      'l.offer_id',
      'l.product_line_id',
      'l.pricing',
      'l.price_per_mt',
      'l.index_name',
      'l.differential',
      'l.max_deliverable',
    ])
    .where('o.tenant_id', '=', tenantId)
    .where(anyId('o.inquiry_id', inquiryIds))
    .where('o.status', 'in', OFFERED)
    .where('l.tenant_id', '=', tenantId)
    .execute();
  return grouped(rows, (r) => r.offer_id);
}

/**
 * The inquiries with a send within [since, until) (`inquiry_recipients_first_sent_idx`): every
 * inquiry first sent to a supplier in the period is among them, so the period's reads group these
 * inquiries' rows instead of every row the company ever sent (a year's 370,000 for a quarter's
 * 97,000 at `bench/lists-at-volume.ts`'s 100,000 inquiries).
 */
function sentWithin(tenantId: string, since: Date, until: Date, bySupplier = sql``) {
  return sql`select distinct inquiry_id from inquiry_recipients
    where tenant_id = ${tenantId} ${bySupplier} and first_sent_at >= ${since} and first_sent_at < ${until}`;
}

/**
 * The inquiries first sent to any supplier within the period; with a supplier id, those of them
 * the supplier made an offer on (all its offers' inquiries, of any status).
 */
export async function inquiriesSent(
  db: Kysely<InquiryDB>,
  tenantId: string,
  since: Date,
  until: Date,
  supplierId?: string,
) {
  const offeredOn = supplierId
    ? sql`and inquiry_id in (select inquiry_id from offers where tenant_id = ${tenantId} and supplier_id = ${supplierId})`
    : sql``;
  const { rows } = await sql<{ inquiry_id: string }>`
    select inquiry_id from inquiry_recipients
    where tenant_id = ${tenantId} and inquiry_id in (${sentWithin(tenantId, since, until)}) ${offeredOn}
    group by inquiry_id
    having min(first_sent_at) >= ${since} and min(first_sent_at) < ${until}
  `.execute(db);
  return rows.map((r) => r.inquiry_id);
}

const byStem = <T extends { stem_id: string }>(rows: T[]) => grouped(rows, (r) => r.stem_id);

/**
 * The stems with an invoice on the given inquiries, with what the invoice check reads: the stem's
 * lines (agreed buy prices), the delivered tonnes, the final index values and the awarded revision.
 */
export async function invoicedStems(db: Kysely<InquiryDB>, tenantId: string, inquiryIds: string[]) {
  if (inquiryIds.length === 0) return [];
  const stems = await db
    .selectFrom('stems')
    .innerJoin('stem_invoices', 'stem_invoices.stem_id', 'stems.id')
    .select([
      'stems.id',
      'stems.supplier_id',
      'stems.offer_id',
      'stems.offer_revision',
      'stem_invoices.amount_usd',
    ])
    .where('stems.tenant_id', '=', tenantId)
    .where(anyId('stems.inquiry_id', inquiryIds))
    .execute();
  if (stems.length === 0) return [];
  const ids = stems.map((s) => s.id);
  const [lines, delivered, values] = await Promise.all([
    db
      .selectFrom('stem_lines')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where(anyId('stem_id', ids))
      .execute(),
    db
      .selectFrom('stem_delivery_lines')
      .select(['stem_id', 'product_line_id', 'quantity_mt'])
      .where('tenant_id', '=', tenantId)
      .where(anyId('stem_id', ids))
      .execute(),
    db
      .selectFrom('stem_index_values')
      .select(['stem_id', 'index_name', 'value', sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('as_of')])
      .where('tenant_id', '=', tenantId)
      .where(anyId('stem_id', ids))
      .execute(),
  ]);
  const [linesOf, deliveredOf, valuesOf] = [byStem(lines), byStem(delivered), byStem(values)];
  return stems.map((stem) => ({
    ...stem,
    lines: linesOf.get(stem.id) ?? [],
    delivered: new Map((deliveredOf.get(stem.id) ?? []).map((d) => [d.product_line_id, d.quantity_mt])),
    indexValues: valuesOf.get(stem.id) ?? [],
  }));
}
