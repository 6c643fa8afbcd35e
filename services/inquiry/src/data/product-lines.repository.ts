import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { InquiryDB, InquiryProductsTable } from './db';
import { anyId } from '@mfd/db';

export type ProductLineRow = Selectable<InquiryProductsTable>;

export interface LineValues {
  product_id: string | null;
  product_name: string;
  iso_spec: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
}

/** Appends lines after the inquiry's last one, keeping the order they were given in. */
export async function insertLines(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  lines: LineValues[],
): Promise<string[]> {
  if (lines.length === 0) return [];
  const last = await db
    .selectFrom('inquiry_products')
    .select(sql<number>`coalesce(max(position), -1)::int`.as('position'))
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .executeTakeFirstOrThrow();
  const rows = lines.map((line, i) => ({
    id: randomUUID(),
    tenant_id: tenantId,
    inquiry_id: inquiryId,
    position: last.position + 1 + i,
    ...line,
  }));
  await db.insertInto('inquiry_products').values(rows).execute();
  return rows.map((r) => r.id);
}

/** The lines of several inquiries of one tenant, in their order, grouped by inquiry. */
export async function linesByInquiry(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryIds: string[],
): Promise<Map<string, ProductLineRow[]>> {
  const grouped = new Map<string, ProductLineRow[]>(inquiryIds.map((id) => [id, []]));
  if (inquiryIds.length === 0) return grouped;
  const rows = await db
    .selectFrom('inquiry_products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(anyId('inquiry_id', inquiryIds))
    .orderBy('position')
    .execute();
  for (const row of rows) grouped.get(row.inquiry_id)?.push(row);
  return grouped;
}

export function findLine(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string, lineId: string) {
  return db
    .selectFrom('inquiry_products')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('id', '=', lineId)
    .executeTakeFirst();
}

export async function updateLine(
  db: Kysely<InquiryDB>,
  tenantId: string,
  lineId: string,
  values: LineValues,
): Promise<void> {
  await db
    .updateTable('inquiry_products')
    .set(values)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', lineId)
    .execute();
}

export async function deleteLine(db: Kysely<InquiryDB>, tenantId: string, lineId: string): Promise<void> {
  await db
    .deleteFrom('inquiry_products')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', lineId)
    .execute();
}
