import { randomUUID } from 'node:crypto';
import { type Kysely } from 'kysely';
import type { IdentityDB } from './db';

export async function insertVerificationToken(
  db: Kysely<IdentityDB>,
  token: { user_id: string; email: string; token_hash: string; expires_at: Date },
): Promise<void> {
  await db
    .insertInto('email_verification_tokens')
    .values({ id: randomUUID(), ...token })
    .execute();
}

/** When the user's latest link went out (null: never), so a run of sign-ins or resends does not flood the mailbox. */
export async function lastVerificationSentAt(db: Kysely<IdentityDB>, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('email_verification_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/**
 * Marks the token used and answers its user and address, in one statement: of two requests
 * racing with the same token only one gets an answer. Unknown, used and expired tokens answer nothing.
 */
export function consumeVerificationToken(db: Kysely<IdentityDB>, tokenHash: string) {
  return db
    .updateTable('email_verification_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'email'])
    .executeTakeFirst();
}

/** Once the address is proven, the user's other links have nothing left to prove. */
export async function retireVerificationTokens(db: Kysely<IdentityDB>, userId: string): Promise<void> {
  await db
    .updateTable('email_verification_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
