import { sql, type Kysely } from 'kysely';
import type { InquiryDB } from './db';

export async function listInquiries(db: Kysely<InquiryDB>, tenantId: string, page: { limit: number; offset: number }) {
  const inquiries = await db
    .selectFrom('inquiries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (inquiries.length === 0) return [];
  const lines = await db
    .selectFrom('inquiry_products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(
      'inquiry_id',
      'in',
      inquiries.map((i) => i.id),
    )
    .orderBy('position')
    .execute();
  return inquiries.map((inquiry) => ({
    inquiry,
    lines: lines.filter((l) => l.inquiry_id === inquiry.id),
  }));
}

export async function countInquiries(db: Kysely<InquiryDB>, tenantId: string) {
  const row = await db
    .selectFrom('inquiries')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) filter (where status in ('draft', 'distributed'))::int`.as('active'),
    ])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row;
}

export async function countOffers(db: Kysely<InquiryDB>, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('offers')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('tenant_id', '=', tenantId)
    .where('status', '<>', 'draft')
    .executeTakeFirstOrThrow();
  return row.total;
}

export async function recentInquiries(db: Kysely<InquiryDB>, tenantId: string, limit: number) {
  return db
    .selectFrom('inquiries')
    .select(['id', 'vessel_name', 'port_name', 'customer_name', 'status', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function recentOffers(db: Kysely<InquiryDB>, tenantId: string, limit: number) {
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
