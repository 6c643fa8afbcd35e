import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { MAX_CLAUSES, type ClauseView, type clauseInput } from '@mfd/contracts';
import {
  countClauses,
  deleteClause,
  insertClause,
  listClauses,
  updateClause,
  type ClauseRow,
} from '../../data/clauses.repository';
import type { InquiryDB } from '../../data/db';
import { ClauseLimitError, StemNotFoundError } from './stem-errors';

type Input = z.output<typeof clauseInput>;

const viewOf = (row: ClauseRow): ClauseView => ({
  id: row.id,
  title: row.title,
  text: row.text,
  default: row.is_default,
  updated_at: row.updated_at.toISOString(),
});

/**
 * The company's clause library. Stems keep a copy of the clauses they carry, so editing or
 * deleting one here changes no stem already made; default clauses go on every new stem.
 */
export async function clauseList(db: Kysely<InquiryDB>, tenantId: string): Promise<ClauseView[]> {
  return (await listClauses(db, tenantId)).map(viewOf);
}

export async function addClause(db: Kysely<InquiryDB>, tenantId: string, input: Input): Promise<ClauseView> {
  return db.transaction().execute(async (trx) => {
    // Counted under a per-company lock, so two admins adding at once cannot pass the limit together.
    await trx
      .selectNoFrom((eb) =>
        eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`clauses:${tenantId}`)])]).as('l'),
      )
      .execute();
    if ((await countClauses(trx, tenantId)) >= MAX_CLAUSES) throw new ClauseLimitError(MAX_CLAUSES);
    return viewOf(
      await insertClause(trx, {
        id: randomUUID(),
        tenant_id: tenantId,
        title: input.title,
        text: input.text,
        is_default: input.default,
      }),
    );
  });
}

export async function changeClause(
  db: Kysely<InquiryDB>,
  tenantId: string,
  id: string,
  input: Input,
): Promise<ClauseView> {
  const row = await updateClause(db, tenantId, id, {
    title: input.title,
    text: input.text,
    is_default: input.default,
  });
  if (!row) throw new StemNotFoundError('clause');
  return viewOf(row);
}

export async function removeClause(db: Kysely<InquiryDB>, tenantId: string, id: string): Promise<void> {
  if (!(await deleteClause(db, tenantId, id))) throw new StemNotFoundError('clause');
}
