import { randomUUID } from 'node:crypto';
import { type Kysely } from 'kysely';
import type { IdentityDB } from './db';

export async function insertResetToken(
  db: Kysely<IdentityDB>,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ id: randomUUID(), user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/**
 * Marks the token used and answers its user, in one statement: of two requests racing with
 * the same token only one gets a user back. Unknown, used and expired tokens answer nothing.
 */
export async function consumeResetToken(
  db: Kysely<IdentityDB>,
  tokenHash: string,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** After a reset, older links of the same user stop working too. */
export async function retireResetTokens(db: Kysely<IdentityDB>, userId: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
