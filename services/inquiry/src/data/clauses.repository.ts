import type { Kysely, Selectable } from 'kysely';
import type { ClausesTable, InquiryDB } from './db';

export type ClauseRow = Selectable<ClausesTable>;

export function listClauses(db: Kysely<InquiryDB>, tenantId: string) {
  return db
    .selectFrom('clauses')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findClause(db: Kysely<InquiryDB>, tenantId: string, id: string) {
  return db
    .selectFrom('clauses')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countClauses(db: Kysely<InquiryDB>, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('clauses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertClause(
  db: Kysely<InquiryDB>,
  clause: { id: string; tenant_id: string; title: string; text: string; is_default: boolean },
): Promise<ClauseRow> {
  return db.insertInto('clauses').values(clause).returningAll().executeTakeFirstOrThrow();
}

export function updateClause(
  db: Kysely<InquiryDB>,
  tenantId: string,
  id: string,
  values: { title: string; text: string; is_default: boolean },
) {
  return db
    .updateTable('clauses')
    .set({ ...values, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteClause(db: Kysely<InquiryDB>, tenantId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('clauses')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
