import { sql, type Kysely } from 'kysely';
import type { Pricing } from '@mfd/contracts';
import type { IndexValue } from '@mfd/pricing';
import type { InquiryDB } from './db';
import { anyId } from '@mfd/db';

/** Offers that put a price on the table: drafts were never sent, withdrawn ones were taken back. */
export const OFFERED_STATUSES = ['submitted', 'awarded', 'not_awarded'] as const;

/** One offered line of a grade at a port, as the price history reads it. */
export interface OfferedPriceRow {
  offer_id: string;
  inquiry_id: string;
  submitted_at: Date;
  awarded: boolean;
  port_timezone: string | null;
  /** The requested max of the line: what an awarded price is weighted by. */
  quantity_mt_max: string;
  pricing: Pricing;
  price_per_mt: string | null;
  index_name: string | null;
  differential: string | null;
}

/**
 * The company's offered lines of one grade (its name in any case) at one port, submitted within
 * [since, until). The grade is matched on the inquiry's line, as the trader named it.
 */
export function offeredPrices(
  db: Kysely<InquiryDB>,
  tenantId: string,
  filter: { portId: string; product: string; since: Date; until: Date },
): Promise<OfferedPriceRow[]> {
  return db
    .selectFrom('offers as o')
    .innerJoin('inquiries as i', 'i.id', 'o.inquiry_id')
    .innerJoin('inquiry_products as p', 'p.inquiry_id', 'o.inquiry_id')
    .innerJoin('offer_lines as l', (j) =>
      j.onRef('l.offer_id', '=', 'o.id').onRef('l.product_line_id', '=', 'p.id'),
    )
    .select([
      'o.id as offer_id',
      'o.inquiry_id',
      sql<Date>`o.submitted_at`.as('submitted_at'),
      // A split award gives an offer only some of its lines.
      sql<boolean>`o.status = 'awarded' and (o.awarded_line_ids is null or p.id = any(o.awarded_line_ids))`.as(
        'awarded',
      ),
      'i.port_timezone',
      'p.quantity_mt_max',
      'l.pricing',
      'l.price_per_mt',
      'l.index_name',
      'l.differential',
    ])
    .where('o.tenant_id', '=', tenantId)
    .where('i.tenant_id', '=', tenantId)
    .where('i.port_id', '=', filter.portId)
    .where('p.tenant_id', '=', tenantId)
    .where(sql`lower(p.product_name)`, '=', filter.product.trim().toLowerCase())
    .where('o.status', 'in', OFFERED_STATUSES)
    .where('o.submitted_at', '>=', filter.since)
    .where('o.submitted_at', '<', filter.until)
    .execute();
}

/** The benchmark values of several of the tenant's inquiries, grouped by inquiry. */
export async function indexValuesByInquiry(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryIds: string[],
): Promise<Map<string, IndexValue[]>> {
  const byInquiry = new Map<string, IndexValue[]>();
  if (inquiryIds.length === 0) return byInquiry;
  const rows = await db
    .selectFrom('inquiry_index_values')
    .select(['inquiry_id', 'index_name', 'value', sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('as_of')])
    .where('tenant_id', '=', tenantId)
    .where(anyId('inquiry_id', inquiryIds))
    .execute();
  for (const { inquiry_id, ...value } of rows)
    byInquiry.set(inquiry_id, [...(byInquiry.get(inquiry_id) ?? []), value]);
  return byInquiry;
}

/**
 * The last award of each grade of an inquiry at its port, from the company's other inquiries: for an
 * inquiry already awarded, the last before its own award (what the trader knew then, never a later
 * price). Read from awarded_lines (migration 0027), one backward index scan per line.
 */
export interface LastAwardRow {
  product_line_id: string;
  inquiry_id: string;
  awarded_at: Date;
  port_timezone: string | null;
  pricing: Pricing;
  price_per_mt: string | null;
  index_name: string | null;
  differential: string | null;
}

export function lastAwards(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
): Promise<LastAwardRow[]> {
  // The LIMIT is on the kept rows alone: joined first, the planner sorted every award at the port.
  return sql<LastAwardRow>`
    select p.id as product_line_id, a.inquiry_id, a.awarded_at, i2.port_timezone,
      l.pricing, l.price_per_mt, l.index_name, l.differential
    from inquiry_products p
    join inquiries i on i.id = p.inquiry_id
    cross join lateral (
      select min(own.awarded_at) as at from offers own
      where own.tenant_id = ${tenantId} and own.inquiry_id = i.id and own.status = 'awarded'
    ) awarded
    cross join lateral (
      select a.inquiry_id, a.awarded_at, a.offer_id, a.product_line_id
      from awarded_lines a
      where a.tenant_id = ${tenantId} and a.port_id = i.port_id and a.grade = lower(p.product_name)
        and a.inquiry_id <> i.id and (awarded.at is null or a.awarded_at < awarded.at)
      order by a.awarded_at desc
      limit 1
    ) a
    join offer_lines l on l.offer_id = a.offer_id and l.product_line_id = a.product_line_id
    join inquiries i2 on i2.id = a.inquiry_id
    where p.tenant_id = ${tenantId} and p.inquiry_id = ${inquiryId}
    order by p.position, p.id
  `
    .execute(db)
    .then((r) => r.rows);
}

/** The port's name and time zone as the company's inquiries at it last recorded them. */
export function portOf(
  db: Kysely<InquiryDB>,
  tenantId: string,
  portId: string,
): Promise<{ port_name: string | null; port_timezone: string | null } | undefined> {
  return db
    .selectFrom('inquiries')
    .select(['port_name', 'port_timezone'])
    .where('tenant_id', '=', tenantId)
    .where('port_id', '=', portId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
