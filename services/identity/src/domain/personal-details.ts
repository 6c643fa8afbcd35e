import type { Kysely } from 'kysely';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  QUEUES,
  type FieldError,
  type PersonalDetails,
} from '@mfd/contracts';
import { writeOutbox, type MailSecrets } from '@mfd/queue';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import {
  badRequest,
  conflict,
  notFound,
  spend,
  tooManyAttempts,
  type AuthContext,
  type TokenRevocations,
} from '@mfd/service-kit';
import type { IdentityDB } from '../data/db';
import { findCredentials } from '../data/profile.repository';
import { retireResetTokens } from '../data/reset-tokens.repository';
import { revokeOtherSessions } from '../data/sessions.repository';
import { isUniqueViolation, updatePersonalDetails, USERS_EMAIL_KEY } from '../data/users.repository';
import { EMAIL_TAKEN } from './accounts';
import { queueVerificationMail } from './email-verification';
import { splitFullName } from './names';
import { verifyPassword } from './passwords';

export interface PersonalDetailsContext {
  db: Kysely<IdentityDB>;
  revocations: TokenRevocations;
  /** Called after a transaction that wrote to the outbox has committed. */
  outboxWritten: () => void;
  /**
   * Wrong current passwords per user: a stolen or unattended session must not be able to guess
   * the password (and so take the account) at argon2's cost to us.
   */
  currentPasswordFailures: RateLimiterRedis;
  /** Seals the verification link a new login address is sent. */
  mailSecrets: MailSecrets;
  config: { VERIFY_EMAIL_TOKEN_TTL_MINUTES: number };
}

const currentPasswordError = (message: string) => {
  const errors: FieldError[] = [{ field: 'current_password', message }];
  return badRequest(message, errors);
};

/**
 * Saves name, e-mail, phone and position. A new login e-mail takes the current password, and once
 * it is in: reset links mailed to the old address stop working, every other session ends (this one
 * goes on), the old address is told, and the new one is sent a link to prove it (until then no
 * mail goes to suppliers from the account). All of it commits together, or nothing does.
 */
export async function savePersonalDetails(
  ctx: PersonalDetailsContext,
  auth: AuthContext,
  input: PersonalDetails,
): Promise<void> {
  const account = await findCredentials(ctx.db, auth.tenantId, auth.userId);
  if (!account) throw notFound('Unable to load profile');
  const { name, current_password, ...contact } = input;
  const emailChanged = contact.email !== account.email.toLowerCase();
  if (emailChanged) {
    if (!current_password) throw currentPasswordError(CURRENT_PASSWORD_REQUIRED);
    // Counted as a failure before the check, so parallel guesses cannot all pass a count read first.
    const wait = await spend(ctx.currentPasswordFailures, auth.userId);
    if (wait) throw tooManyAttempts(wait);
    if (!(await verifyPassword(account.password_hash, current_password)))
      throw currentPasswordError(CURRENT_PASSWORD_WRONG);
    // Redis away: the count expires by itself.
    await ctx.currentPasswordFailures.delete(auth.userId).catch(() => undefined);
  }
  const details = { ...splitFullName(name), ...contact };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await updatePersonalDetails(trx, auth.tenantId, auth.userId, details)))
        throw notFound('Unable to load profile');
      if (!emailChanged) return;
      await retireResetTokens(trx, auth.userId);
      const others = await revokeOtherSessions(trx, auth.userId, auth.tokenId);
      await Promise.all(
        others.map((s) => ctx.revocations.revokeToken(s.id, Math.ceil(s.expires_at.getTime() / 1000))),
      );
      await writeOutbox(trx, QUEUES.mailSend, {
        type: 'mail.send',
        to: account.email,
        to_name: `${details.first_name} ${details.last_name}`.trim(),
        source: 'identity',
        mail: {
          template: 'email-changed',
          data: {
            first_name: details.first_name,
            new_email: contact.email,
            changed_at: new Date().toISOString(),
          },
        },
      });
      await queueVerificationMail(
        trx,
        { id: auth.userId, ...details },
        ctx.config.VERIFY_EMAIL_TOKEN_TTL_MINUTES,
        ctx.mailSecrets,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err, USERS_EMAIL_KEY))
      throw conflict(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
    throw err;
  }
  if (emailChanged) ctx.outboxWritten();
}
