import { sql, type Kysely } from 'kysely';
import type { InquiryDB } from './db';

/**
 * Each supplier an inquiry went to: its latest reply-by, and whether it answered (an offer in, or
 * a decline through any of its addresses).
 */
export async function supplierAnswers(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string) {
  const { rows } = await sql<{ supplier_id: string; reply_by: Date; answered: boolean }>`
    select r.supplier_id, max(r.reply_by) as reply_by,
      bool_or(r.declined_at is not null) or exists (
        select 1 from offers o
        where o.tenant_id = ${tenantId} and o.inquiry_id = ${inquiryId} and o.supplier_id = r.supplier_id
          and o.status in ('submitted', 'awarded', 'not_awarded')
      ) as answered
    from inquiry_recipients r
    where r.tenant_id = ${tenantId} and r.inquiry_id = ${inquiryId}
    group by r.supplier_id
  `.execute(db);
  return rows;
}
