import type { Kysely } from 'kysely';
import type { InquiryDB } from './db';

/** Retires the stem's working links (a new send replaces them) and keeps the new one's hash. */
export async function replaceStemLink(
  db: Kysely<InquiryDB>,
  link: { token_hash: Buffer; stem_id: string; tenant_id: string; created_at: Date; expires_at: Date },
): Promise<void> {
  await db
    .updateTable('stem_links')
    .set({ retired_at: link.created_at })
    .where('tenant_id', '=', link.tenant_id)
    .where('stem_id', '=', link.stem_id)
    .where('retired_at', 'is', null)
    .execute();
  await db.insertInto('stem_links').values(link).execute();
}

/** A link by its token's hash, with whether a newer one of its stem exists; locked for the change it allows. */
export async function findStemLink(db: Kysely<InquiryDB>, tokenHash: Buffer) {
  const link = await db
    .selectFrom('stem_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
  if (!link) return null;
  const newer = await db
    .selectFrom('stem_links')
    .select('token_hash')
    .where('tenant_id', '=', link.tenant_id)
    .where('stem_id', '=', link.stem_id)
    .where('created_at', '>', link.created_at)
    .limit(1)
    .executeTakeFirst();
  return { ...link, superseded: newer !== undefined };
}

/** The link has been used: it acknowledges once. */
export async function retireStemLink(db: Kysely<InquiryDB>, tokenHash: Buffer, at: Date): Promise<void> {
  await db.updateTable('stem_links').set({ retired_at: at }).where('token_hash', '=', tokenHash).execute();
}
