import { sql, type Insertable, type Kysely } from 'kysely';
import type { ClaimStatus } from '@mfd/contracts';
import type { InquiryDB } from './db';
import type { StemClaimsTable, StemDeliveryLinesTable } from './stem-life.tables';

const dateText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

export async function findDelivery(db: Kysely<InquiryDB>, tenantId: string, stemId: string) {
  const delivery = await db
    .selectFrom('stem_deliveries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .executeTakeFirst();
  if (!delivery) return null;
  const lines = await db
    .selectFrom('stem_delivery_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .execute();
  return { ...delivery, lines };
}
export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

export async function insertDelivery(
  db: Kysely<InquiryDB>,
  delivery: {
    stem_id: string;
    tenant_id: string;
    bdn_number: string;
    delivered_at: Date;
    barge_name: string | null;
    seals: string[];
    remarks: string | null;
    recorded_by: string;
  },
  lines: Omit<Insertable<StemDeliveryLinesTable>, 'stem_id' | 'tenant_id'>[],
): Promise<void> {
  await db.insertInto('stem_deliveries').values(delivery).execute();
  await db
    .insertInto('stem_delivery_lines')
    .values(lines.map((l) => ({ ...l, stem_id: delivery.stem_id, tenant_id: delivery.tenant_id })))
    .execute();
}

export function stemIndexValues(db: Kysely<InquiryDB>, tenantId: string, stemId: string) {
  return db
    .selectFrom('stem_index_values')
    .select(['index_name', 'value', dateText('as_of').as('as_of')])
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .orderBy('index_name')
    .execute();
}

/** The final values as a whole. Callers hold the stem's row lock. */
export async function replaceStemIndexValues(
  db: Kysely<InquiryDB>,
  tenantId: string,
  stemId: string,
  values: { index_name: string; value: string; as_of: string }[],
): Promise<void> {
  await db
    .deleteFrom('stem_index_values')
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .execute();
  if (values.length > 0)
    await db
      .insertInto('stem_index_values')
      .values(values.map((v) => ({ ...v, stem_id: stemId, tenant_id: tenantId })))
      .execute();
}

export function findInvoice(db: Kysely<InquiryDB>, tenantId: string, stemId: string) {
  return db
    .selectFrom('stem_invoices')
    .select([
      'number',
      'amount_usd',
      dateText('invoice_date').as('invoice_date'),
      dateText('due_date').as('due_date'),
      'recorded_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .executeTakeFirst();
}

export async function insertInvoice(
  db: Kysely<InquiryDB>,
  invoice: {
    stem_id: string;
    tenant_id: string;
    number: string;
    invoice_date: string;
    amount_usd: string;
    due_date: string;
    recorded_by: string;
  },
): Promise<void> {
  await db.insertInto('stem_invoices').values(invoice).execute();
}

const claimColumns = [
  'id',
  'stem_id',
  'tenant_id',
  'kind',
  'description',
  'amount_usd',
  'status',
  'time_bar_at',
  'created_at',
  'updated_at',
] as const;

export function stemClaims(db: Kysely<InquiryDB>, tenantId: string, stemId: string) {
  return db
    .selectFrom('stem_claims')
    .select(claimColumns)
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type ClaimRow = Awaited<ReturnType<typeof stemClaims>>[number];

export function findClaim(db: Kysely<InquiryDB>, tenantId: string, id: string, lock = false) {
  let query = db
    .selectFrom('stem_claims')
    .select(claimColumns)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertClaim(
  db: Kysely<InquiryDB>,
  claim: Omit<Insertable<StemClaimsTable>, 'created_at' | 'updated_at'>,
): Promise<ClaimRow> {
  return db.insertInto('stem_claims').values(claim).returning(claimColumns).executeTakeFirstOrThrow();
}

export async function setClaimStatus(
  db: Kysely<InquiryDB>,
  tenantId: string,
  id: string,
  status: ClaimStatus,
): Promise<ClaimRow> {
  return db
    .updateTable('stem_claims')
    .set({ status, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(claimColumns)
    .executeTakeFirstOrThrow();
}

/** Open claims past their bar, locked and skipped by a second replica's pass; the oldest bar first. */
export function lockBarredClaims(db: Kysely<InquiryDB>, now: Date, limit: number) {
  return db
    .selectFrom('stem_claims')
    .select(claimColumns)
    .where('status', '=', 'open')
    .where('time_bar_at', '<=', now)
    .orderBy('time_bar_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function stemDocuments(db: Kysely<InquiryDB>, tenantId: string, stemId: string) {
  return db
    .selectFrom('stem_documents')
    .select(['id', 'filename', 'content_type', 'size_bytes', 'uploaded_at'])
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .orderBy('uploaded_at')
    .orderBy('id')
    .execute();
}
