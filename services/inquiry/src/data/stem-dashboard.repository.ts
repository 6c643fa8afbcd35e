import { sql, type Kysely } from 'kysely';
import { CLAIM_BAR_WITHIN_HOURS, INVOICE_DUE_WITHIN_DAYS } from '@mfd/contracts';
import type { InquiryDB } from './db';

/** The most rows each list holds. */
const LIST_LIMIT = 50;

/**
 * The three lists a trader works from after the award, for a company or (`ownerId`) for the stems
 * of one trader's inquiries: stems awaiting delivery, invoices due within 7 days (or overdue) on
 * stems not closed, open claims whose time bar ends within 72 hours.
 */
export async function stemDashboardRows(
  db: Kysely<InquiryDB>,
  tenantId: string,
  now: Date,
  ownerId?: string,
) {
  const stems = () => {
    let query = db.selectFrom('stems').where('stems.tenant_id', '=', tenantId);
    if (ownerId)
      query = query.where('stems.inquiry_id', 'in', (q) =>
        q
          .selectFrom('inquiries')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('owner_id', '=', ownerId),
      );
    return query;
  };
  const ref = [
    'stems.id as stem_id',
    'stems.reference',
    'stems.vessel_name',
    'stems.port_name',
    'stems.port_timezone',
  ] as const;
  const dueBy = new Date(now.getTime() + INVOICE_DUE_WITHIN_DAYS * 24 * 3_600_000).toISOString().slice(0, 10);
  const barBy = new Date(now.getTime() + CLAIM_BAR_WITHIN_HOURS * 3_600_000);
  const [awaiting, invoices, claims] = await Promise.all([
    stems()
      .select([...ref, 'stems.supplier_name', 'stems.delivery_from'])
      .where('stems.status', 'in', ['sent', 'acknowledged'])
      .orderBy(sql`stems.delivery_from asc nulls last`)
      .orderBy('stems.reference')
      .limit(LIST_LIMIT)
      .execute(),
    stems()
      .innerJoin('stem_invoices', 'stem_invoices.stem_id', 'stems.id')
      .select([
        ...ref,
        'stem_invoices.number as invoice_number',
        'stem_invoices.amount_usd',
        sql<string>`to_char(stem_invoices.due_date, 'YYYY-MM-DD')`.as('due_date'),
      ])
      .where('stems.status', '=', 'invoiced')
      .where('stem_invoices.due_date', '<=', sql<Date>`${dueBy}::date`)
      .orderBy('stem_invoices.due_date')
      .limit(LIST_LIMIT)
      .execute(),
    stems()
      .innerJoin('stem_claims', 'stem_claims.stem_id', 'stems.id')
      .select([...ref, 'stem_claims.id as claim_id', 'stem_claims.kind', 'stem_claims.time_bar_at'])
      .where('stem_claims.status', '=', 'open')
      .where('stem_claims.time_bar_at', '>', now)
      .where('stem_claims.time_bar_at', '<=', barBy)
      .orderBy('stem_claims.time_bar_at')
      .limit(LIST_LIMIT)
      .execute(),
  ]);
  return {
    awaiting_delivery: awaiting.map((r) => ({ ...r, delivery_from: r.delivery_from?.toISOString() ?? null })),
    invoices_due: invoices,
    claims_expiring: claims.map((r) => ({ ...r, time_bar_at: r.time_bar_at.toISOString() })),
  };
}
