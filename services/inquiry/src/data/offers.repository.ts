import { sql, type Kysely } from 'kysely';
import type { InquiryDB } from './db';

export async function countOffers(db: Kysely<InquiryDB>, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('offers')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('tenant_id', '=', tenantId)
    .where('status', '<>', 'draft')
    .executeTakeFirstOrThrow();
  return row.total;
}

export function recentOffers(db: Kysely<InquiryDB>, tenantId: string, limit: number) {
  return db
    .selectFrom('offers')
    .innerJoin('inquiries', 'inquiries.id', 'offers.inquiry_id')
    .select([
      'offers.id',
      'offers.inquiry_id',
      'inquiries.vessel_name',
      'offers.supplier_name',
      'offers.status',
      'offers.submitted_at',
    ])
    .where('offers.tenant_id', '=', tenantId)
    .where('offers.status', '<>', 'draft')
    .orderBy('offers.submitted_at', 'desc')
    .limit(limit)
    .execute();
}
