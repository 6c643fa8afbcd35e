import type { Kysely } from 'kysely';
import type { InquiryDB } from './db';

/** A stem line with what its earning needs: the stem's mode, customer, time and port zone, delivered tonnes. */
export type StemEarningLine = Awaited<ReturnType<typeof stemEarningLines>>[number];

/** The lines of the tenant's stems made within [since, until). */
export function stemEarningLines(db: Kysely<InquiryDB>, tenantId: string, since: Date, until: Date) {
  return db
    .selectFrom('stems as s')
    .innerJoin('stem_lines as l', (j) =>
      j.onRef('l.stem_id', '=', 's.id').onRef('l.tenant_id', '=', 's.tenant_id'),
    )
    .leftJoin('stem_delivery_lines as d', (j) =>
      j
        .onRef('d.stem_id', '=', 'l.stem_id')
        .onRef('d.product_line_id', '=', 'l.product_line_id')
        .onRef('d.tenant_id', '=', 'l.tenant_id'),
    )
    .select([
      's.id as stem_id',
      's.pricing_mode',
      's.customer_name',
      's.created_at',
      's.port_timezone',
      'l.product_name',
      'l.pricing',
      'l.price_per_mt',
      'l.quantity_mt_max',
      'l.adjustment_basis',
      'l.adjustment_amount',
      'd.quantity_mt as delivered_mt',
    ])
    .where('s.tenant_id', '=', tenantId)
    .where('s.created_at', '>=', since)
    .where('s.created_at', '<', until)
    .execute();
}
