import type { Kysely } from 'kysely';
import type { TokenRevocations } from '@mfd/service-kit';
import type { IdentityDB } from '../data/db';
import { revokeUserSessions } from '../data/sessions.repository';

/**
 * Ends every session of a user now: each live token is denied by id (one issued in this very
 * second escapes the per-user "not before"), and older ones by the "not before" itself.
 * Run inside the transaction of the change that calls for it: if Redis cannot record the
 * revocations, the change does not commit either.
 */
export async function endAllSessions(
  trx: Kysely<IdentityDB>,
  revocations: TokenRevocations,
  userId: string,
  tokenTtlSeconds: number,
): Promise<void> {
  const sessions = await revokeUserSessions(trx, userId);
  await Promise.all(
    sessions.map((s) => revocations.revokeToken(s.id, Math.ceil(s.expires_at.getTime() / 1000))),
  );
  await revocations.revokeUserTokens(userId, tokenTtlSeconds);
}
