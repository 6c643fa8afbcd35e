import type { Kysely } from 'kysely';
import { INVALID_VERIFY_LINK, QUEUES } from '@mfd/contracts';
import { writeOutbox, type MailSecrets } from '@mfd/queue';
import { badRequest } from '@mfd/service-kit';
import type { IdentityDB } from '../data/db';
import {
  consumeVerificationToken,
  insertVerificationToken,
  retireVerificationTokens,
  verificationSentSince,
} from '../data/email-verifications.repository';
import { markEmailVerified } from '../data/users.repository';
import { hashResetToken as hashLinkToken, newResetToken as newLinkToken } from './reset-token';

/** A sign-in that still needs the proof mails a new link no more often than this. */
const RESEND_AFTER_MS = 5 * 60_000;

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
    if (await verificationSentSince(trx, user.id, new Date(Date.now() - RESEND_AFTER_MS))) return false;
    await queueVerificationMail(trx, user, ttlMinutes, secrets);
    return true;
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
