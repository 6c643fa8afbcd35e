import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { StemStatus } from '@mfd/contracts';
import { likeEscape } from '@mfd/db';
import type { InquiryDB, StemClausesTable, StemLinesTable, StemsTable } from './db';

export type StemRow = Selectable<StemsTable>;
export type StemLineRow = Selectable<StemLinesTable>;
export type StemClauseRow = Selectable<StemClausesTable>;

export async function insertStem(
  db: Kysely<InquiryDB>,
  stem: Insertable<StemsTable>,
  lines: Omit<Insertable<StemLinesTable>, 'stem_id' | 'tenant_id'>[],
): Promise<void> {
  await db.insertInto('stems').values(stem).execute();
  if (lines.length > 0)
    await db
      .insertInto('stem_lines')
      .values(lines.map((line) => ({ ...line, stem_id: stem.id, tenant_id: stem.tenant_id })))
      .execute();
}

/** The next number of the company's references this year; the row lock orders concurrent awards. */
export async function nextReferenceSequence(
  db: Kysely<InquiryDB>,
  tenantId: string,
  year: number,
): Promise<number> {
  const row = await db
    .insertInto('stem_reference_sequences')
    .values({ tenant_id: tenantId, year, last_sequence: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'year'])
        .doUpdateSet({ last_sequence: sql`stem_reference_sequences.last_sequence + 1` }),
    )
    .returning('last_sequence')
    .executeTakeFirstOrThrow();
  return row.last_sequence;
}

export function findStem(db: Kysely<InquiryDB>, tenantId: string, id: string, lock = false) {
  let query = db.selectFrom('stems').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface StemListFilter {
  status?: StemStatus;
  inquiryId?: string;
  q?: string;
  limit: number;
  offset: number;
}

/** One page of the company's stems, newest first, and how many match in all. */
export async function listStems(db: Kysely<InquiryDB>, tenantId: string, filter: StemListFilter) {
  let query = db.selectFrom('stems').where('tenant_id', '=', tenantId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.inquiryId) query = query.where('inquiry_id', '=', filter.inquiryId);
  if (filter.q) {
    const pattern = `%${likeEscape(filter.q)}%`;
    query = query.where((eb) =>
      eb.or(
        (['reference', 'vessel_name', 'supplier_name', 'customer_name'] as const).map((column) =>
          eb(column, 'ilike', pattern),
        ),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('reference', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

export async function updateStem(
  db: Kysely<InquiryDB>,
  tenantId: string,
  id: string,
  values: Omit<Updateable<StemsTable>, 'id' | 'tenant_id' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('stems')
    .set({ ...values, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export function stemLines(db: Kysely<InquiryDB>, tenantId: string, stemId: string) {
  return db
    .selectFrom('stem_lines')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .orderBy('position')
    .execute();
}

export async function setLineAdjustments(
  db: Kysely<InquiryDB>,
  tenantId: string,
  stemId: string,
  adjustments: Map<string, { basis: 'per_mt' | 'percent'; amount: string }>,
): Promise<void> {
  const lines = await stemLines(db, tenantId, stemId);
  for (const line of lines) {
    const adjustment = adjustments.get(line.product_line_id) ?? null;
    await db
      .updateTable('stem_lines')
      .set({ adjustment_basis: adjustment?.basis ?? null, adjustment_amount: adjustment?.amount ?? null })
      .where('tenant_id', '=', tenantId)
      .where('stem_id', '=', stemId)
      .where('product_line_id', '=', line.product_line_id)
      .execute();
  }
}

export function stemClauses(db: Kysely<InquiryDB>, tenantId: string, stemId: string) {
  return db
    .selectFrom('stem_clauses')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .orderBy('position')
    .execute();
}

/** The stem's clauses as a whole, in the order given. */
export async function replaceStemClauses(
  db: Kysely<InquiryDB>,
  tenantId: string,
  stemId: string,
  clauses: { clause_id: string; title: string; text: string }[],
): Promise<void> {
  await db
    .deleteFrom('stem_clauses')
    .where('tenant_id', '=', tenantId)
    .where('stem_id', '=', stemId)
    .execute();
  if (clauses.length === 0) return;
  await db
    .insertInto('stem_clauses')
    .values(clauses.map((c, position) => ({ ...c, position, stem_id: stemId, tenant_id: tenantId })))
    .execute();
}
