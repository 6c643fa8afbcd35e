import { sql, type Kysely } from 'kysely';
import type { InquiryDB } from './db';

/** Another open of a link opened before: one statement. False when the link was never opened. */
export async function touchLinkOpen(db: Kysely<InquiryDB>, tokenHash: Buffer, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('offer_link_opens')
    .set({ last_opened_at: at, open_count: sql<number>`open_count + 1` })
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The first open of a link; false when another request recorded it first. */
export async function insertLinkOpen(
  db: Kysely<InquiryDB>,
  values: { token_hash: Buffer; tenant_id: string; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('offer_link_opens')
    .values({
      token_hash: values.token_hash,
      tenant_id: values.tenant_id,
      first_opened_at: values.at,
      last_opened_at: values.at,
    })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('token_hash')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Points a link's opens at the audit row of its first open (in the transaction that wrote both). */
export async function setLinkOpenAudit(db: Kysely<InquiryDB>, tokenHash: Buffer, seq: number): Promise<void> {
  await db
    .updateTable('offer_link_opens')
    .set({ audit_seq: seq })
    .where('token_hash', '=', tokenHash)
    .execute();
}
