import type { Kysely } from 'kysely';
import type { TokenRevocations } from '@mfd/service-kit';
import type { IdentityDB } from '../data/db';
import { setOperatorGrant } from '../data/users.repository';
import { endAllSessions } from './sessions';

/**
 * A platform operator is an account granted by the CLI or listed in OPERATOR_EMAILS, and only
 * once it has proven its mailbox: whoever signs up first with a listed address gains nothing by it.
 */
export function operatorStanding(
  user: { email: string; operator: boolean; email_verified_at: Date | null },
  operatorEmails: readonly string[],
): 'none' | 'awaiting-proof' | 'operator' {
  if (!user.operator && !operatorEmails.includes(user.email.toLowerCase())) return 'none';
  return user.email_verified_at ? 'operator' : 'awaiting-proof';
}

export interface GrantResult {
  email: string;
  /** False until the account verifies its e-mail; the grant counts from then on. */
  verified: boolean;
}

/** The grant shows in the account's next sign-in; tokens it holds now keep what they carry. */
export async function grantOperator(db: Kysely<IdentityDB>, email: string): Promise<GrantResult | undefined> {
  const user = await setOperatorGrant(db, email, true);
  return user && { email: user.email, verified: user.email_verified_at !== null };
}

/** Withdraws the grant and ends the account's sessions at once, so no token still carries it. */
export async function revokeOperator(
  db: Kysely<IdentityDB>,
  revocations: TokenRevocations,
  email: string,
  tokenTtlSeconds: number,
): Promise<GrantResult | undefined> {
  return db.transaction().execute(async (trx) => {
    const user = await setOperatorGrant(trx, email, false);
    if (!user) return undefined;
    await endAllSessions(trx, revocations, user.id, tokenTtlSeconds);
    return { email: user.email, verified: user.email_verified_at !== null };
  });
}
