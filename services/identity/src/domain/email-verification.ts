import type { Kysely } from 'kysely';
import { INVALID_VERIFY_LINK, QUEUES } from '@mfd/contracts';
import { writeOutbox, type MailSecrets } from '@mfd/queue';
import { badRequest, conflict, notFound, tooManyRequests } from '@mfd/service-kit';
import type { IdentityDB } from '../data/db';
import {
  consumeVerificationToken,
  insertVerificationToken,
  lastVerificationSentAt,
  retireVerificationTokens,
} from '../data/email-verifications.repository';
import { lockVerificationState, markEmailVerified } from '../data/users.repository';
import { hashResetToken as hashLinkToken, newResetToken as newLinkToken } from './reset-token';

/** A sign-in that still needs the proof, or the user asking again, mails a new link no more often than this. */
const RESEND_AFTER_MS = 5 * 60_000;

/** Milliseconds until another link may go out after one sent at `sentAt` (0: now). */
const resendWait = (sentAt: Date | null, now: number) =>
  sentAt ? Math.max(0, sentAt.getTime() + RESEND_AFTER_MS - now) : 0;

interface Recipient {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * Queues the mail with a link to /verify-email, in the caller's transaction. Like a reset token,
 * the token is readable only in the mail: the job carries it sealed, the database its sha256 hash.
 */
export async function queueVerificationMail(
  trx: Kysely<IdentityDB>,
  user: Recipient,
  ttlMinutes: number,
  secrets: MailSecrets,
): Promise<void> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  await insertVerificationToken(trx, {
    user_id: user.id,
    email: user.email,
    token_hash: hash,
    expires_at: expiresAt,
  });
  await writeOutbox(trx, QUEUES.mailSend, {
    type: 'mail.send',
    to: user.email,
    to_name: `${user.first_name} ${user.last_name}`.trim(),
    source: 'identity',
    link_expires_at: expiresAt.toISOString(),
    mail: {
      template: 'verify-email',
      data: {
        first_name: user.first_name,
        token: secrets.seal(token, user.email),
        expires_in_minutes: ttlMinutes,
      },
    },
  });
}

/** At sign-in: answers whether a new link was queued (none when one went out a few minutes ago). */
export async function remindToVerify(
  db: Kysely<IdentityDB>,
  user: Recipient,
  ttlMinutes: number,
  secrets: MailSecrets,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (resendWait(await lastVerificationSentAt(trx, user.id), Date.now()) > 0) return false;
    await queueVerificationMail(trx, user, ttlMinutes, secrets);
    return true;
  });
}

/**
 * The signed-in user asks for a new link (the first one was lost or has expired). Under the user's
 * row lock, so two clicks at once mail once: an address already proven is a 409, and a link sent
 * less than five minutes ago a 429 that says how long to wait. Answers the address mailed.
 */
export async function resendVerification(
  db: Kysely<IdentityDB>,
  auth: { tenantId: string; userId: string },
  ttlMinutes: number,
  secrets: MailSecrets,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const user = await lockVerificationState(trx, auth.tenantId, auth.userId);
    if (!user) throw notFound('Unable to load profile');
    if (user.email_verified_at) throw conflict('Your e-mail address is already confirmed.');
    const wait = Math.ceil(resendWait(await lastVerificationSentAt(trx, user.id), Date.now()) / 1000);
    if (wait > 0)
      throw tooManyRequests(
        `A confirmation e-mail went to ${user.email} a few minutes ago: check your inbox, or ask again in ${Math.ceil(wait / 60)} minute(s).`,
        wait,
      );
    await queueVerificationMail(trx, user, ttlMinutes, secrets);
    return user.email;
  });
}

/** Single use, one hour, and only for the address the link was sent to. */
export async function verifyEmail(db: Kysely<IdentityDB>, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const used = await consumeVerificationToken(trx, hashLinkToken(token));
    if (!used || !(await markEmailVerified(trx, used.user_id, used.email)))
      throw badRequest(INVALID_VERIFY_LINK);
    await retireVerificationTokens(trx, used.user_id);
  });
}
