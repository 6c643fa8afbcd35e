import { type Kysely } from 'kysely';
import type { IdentityDB } from './db';

export async function createSession(
  db: Kysely<IdentityDB>,
  session: { id: string; user_id: string; expires_at: Date; ip: string | null; user_agent: string | null },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function revokeSession(
  db: Kysely<IdentityDB>,
  userId: string,
  sessionId: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user (password reset); answers them so their tokens can be denied. */
export function revokeUserSessions(db: Kysely<IdentityDB>, userId: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['id', 'expires_at'])
    .execute();
}

/** Ends every live session of a user but the one making the change (e-mail change); answers them to deny their tokens. */
export function revokeOtherSessions(db: Kysely<IdentityDB>, userId: string, keepSessionId: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['id', 'expires_at'])
    .execute();
}
