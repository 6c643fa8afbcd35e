import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { INVALID_RESET_LINK, QUEUES, type AuthResponse, type Role, type signupRequest } from '@mfd/contracts';
import { writeOutbox, type MailSecrets } from '@mfd/queue';
import {
  badRequest,
  conflict,
  unauthorized,
  type AuthContext,
  type TokenRevocations,
} from '@mfd/service-kit';
import type { z } from 'zod';
import type { IdentityConfig } from '../config';
import type { IdentityDB } from '../data/db';
import { consumeResetToken, insertResetToken, retireResetTokens } from '../data/reset-tokens.repository';
import { createSession, revokeSession } from '../data/sessions.repository';
import {
  createCompanyAndUser,
  findUserByEmail,
  isUniqueViolation,
  setPasswordHash,
  USERS_EMAIL_KEY,
} from '../data/users.repository';
import { queueVerificationMail, remindToVerify } from './email-verification';
import { operatorStanding } from './operators';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { hashResetToken, newResetToken } from './reset-token';
import { endAllSessions } from './sessions';

export interface AccountsContext {
  db: Kysely<IdentityDB>;
  revocations: TokenRevocations;
  config: IdentityConfig;
  signToken: (claims: { sub: string; tid: string; role: Role; operator: boolean; jti: string }) => string;
  /** Called after a transaction that wrote to the outbox has committed. */
  outboxWritten: () => void;
  /** Seals the one-time links of mail jobs: the outbox and the queue never hold them in clear. */
  mailSecrets: MailSecrets;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';

interface AccountUser {
  id: string;
  company_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
}

/** Signs the user in: a session row and its token, in the shape sign-up and sign-in answer. */
export async function startSession(
  ctx: AccountsContext,
  user: AccountUser,
  operator: boolean,
  client: ClientInfo,
): Promise<AuthResponse> {
  const sessionId = randomUUID();
  const ttl = ctx.config.TOKEN_TTL_SECONDS;
  await createSession(ctx.db, {
    id: sessionId,
    user_id: user.id,
    expires_at: new Date(Date.now() + ttl * 1000),
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 300) ?? null,
  });
  return {
    access_token: ctx.signToken({
      sub: user.id,
      tid: user.company_id,
      role: user.role,
      operator,
      jti: sessionId,
    }),
    token_type: 'bearer',
    expires_in: ttl,
    user_id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    operator,
  };
}

export async function signUp(
  ctx: AccountsContext,
  input: z.output<typeof signupRequest>,
  client: ClientInfo,
): Promise<AuthResponse> {
  const { password, company_name, ...details } = input;
  const password_hash = await hashPassword(password);
  try {
    const { userId, companyId } = await ctx.db.transaction().execute(async (trx) => {
      const created = await createCompanyAndUser(trx, { ...details, password_hash }, company_name);
      await queueVerificationMail(
        trx,
        { id: created.userId, ...details },
        ctx.config.VERIFY_EMAIL_TOKEN_TTL_MINUTES,
        ctx.mailSecrets,
      );
      return created;
    });
    ctx.outboxWritten();
    // Nobody is an operator before proving the mailbox, listed address or not.
    return await startSession(ctx, { id: userId, company_id: companyId, ...details }, false, client);
  } catch (err) {
    if (isUniqueViolation(err, USERS_EMAIL_KEY))
      throw conflict(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
    throw err;
  }
}

export async function logIn(
  ctx: AccountsContext,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<AuthResponse> {
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.password_hash, input.password);
  if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS);
  if (needsRehash(user.password_hash))
    await setPasswordHash(ctx.db, user.id, await hashPassword(input.password));
  const standing = operatorStanding(user, ctx.config.OPERATOR_EMAILS);
  if (
    standing === 'awaiting-proof' &&
    (await remindToVerify(ctx.db, user, ctx.config.VERIFY_EMAIL_TOKEN_TTL_MINUTES, ctx.mailSecrets))
  ) {
    ctx.outboxWritten();
  }
  return startSession(ctx, user, standing === 'operator', client);
}

export async function logOut(ctx: AccountsContext, auth: AuthContext): Promise<void> {
  await ctx.revocations.revokeToken(auth.tokenId, auth.expiresAt);
  await revokeSession(ctx.db, auth.userId, auth.tokenId);
}

/** Same outcome whatever the e-mail: a mail is queued only for a known account. */
export async function requestPasswordReset(ctx: AccountsContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const { token, hash } = newResetToken();
  const minutes = ctx.config.RESET_TOKEN_TTL_MINUTES;
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  await ctx.db.transaction().execute(async (trx) => {
    await insertResetToken(trx, user.id, hash, expiresAt);
    await writeOutbox(trx, QUEUES.mailSend, {
      type: 'mail.send',
      to: user.email,
      to_name: `${user.first_name} ${user.last_name}`.trim(),
      source: 'identity',
      link_expires_at: expiresAt.toISOString(),
      mail: {
        template: 'password-reset',
        data: {
          first_name: user.first_name,
          token: ctx.mailSecrets.seal(token, user.email),
          expires_in_minutes: minutes,
        },
      },
    });
  });
  ctx.outboxWritten();
}

/**
 * Sets the new password and ends every session of the user. Token use, password and
 * revocations commit together: if Redis cannot record the revocations, nothing changes and
 * the link still works for another try.
 */
export async function resetPassword(ctx: AccountsContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumeResetToken(trx, hashResetToken(token));
    if (!userId) throw badRequest(INVALID_RESET_LINK);
    await setPasswordHash(trx, userId, passwordHash);
    await retireResetTokens(trx, userId);
    await endAllSessions(trx, ctx.revocations, userId, ctx.config.TOKEN_TTL_SECONDS);
  });
}
