import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  EMAIL_HAS_ACCOUNT,
  INVITATION_GONE,
  INVITATION_TTL_DAYS,
  INVITATION_UNKNOWN,
  MAILBOX_UNVERIFIED,
  QUEUES,
  type AuthResponse,
  type InvitationView,
  type PublicInvitation,
  type Role,
  type invitationAccept,
} from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import { conflict, forbidden, gone, notFound, type AuthContext, type MailQuota } from '@mfd/service-kit';
import type { z } from 'zod';
import type { IdentityDB } from '../data/db';
import {
  findByTokenHash,
  insertInvitation,
  markAccepted,
  retirePending,
} from '../data/invitations.repository';
import { findProfile } from '../data/profile.repository';
import { emailHasAccount, isUniqueViolation, USERS_EMAIL_KEY } from '../data/users.repository';
import { startSession, type AccountsContext, type ClientInfo } from './accounts';
import { fullName } from './names';
import { hashPassword } from './passwords';
import { hashResetToken as hashLinkToken, newResetToken as newLinkToken } from './reset-token';

const DAY_MS = 24 * 3600_000;

export interface InvitationsContext extends AccountsContext {
  /** Invitations are mail like any other: they count against the company's quotas. */
  mailQuota: MailQuota;
  log: { warn(obj: object, msg: string): void };
}

const viewOf = (row: { id: string; email: string; role: Role; expires_at: Date }): InvitationView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expires_at: row.expires_at.toISOString(),
});

/**
 * An admin invites an address with a role: a single-use link (only its hash kept) mailed through
 * the outbox, naming the company and the inviter. The inviter's mailbox must be proven (403) and
 * the mail must fit the company's quotas (429), counted before the transaction and given back if
 * it fails. An address already invited is invited again: its older link stops working. An address
 * with an account is invited all the same; acceptance refuses it.
 */
export async function invite(
  ctx: InvitationsContext,
  auth: AuthContext,
  input: { email: string; role: Role },
): Promise<InvitationView> {
  const inviter = await findProfile(ctx.db, auth.tenantId, auth.userId);
  if (!inviter) throw notFound('Unable to load profile');
  if (!inviter.email_verified_at) throw forbidden(MAILBOX_UNVERIFIED);
  const email = input.email.toLowerCase();
  const reservation = await ctx.mailQuota.reserve(
    { id: auth.tenantId, createdAt: inviter.company_created_at },
    [email],
    ctx.log,
  );
  const { token, hash } = newLinkToken();
  const invitation = {
    id: randomUUID(),
    company_id: auth.tenantId,
    email,
    role: input.role,
    token_hash: hash,
    invited_by: auth.userId,
    expires_at: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await retirePending(trx, auth.tenantId, email);
      await insertInvitation(trx, invitation);
      await writeOutbox(trx, QUEUES.mailSend, {
        type: 'mail.send',
        to: email,
        source: 'identity',
        link_expires_at: invitation.expires_at.toISOString(),
        mail: {
          template: 'company-invitation',
          data: {
            company_name: inviter.company_name,
            inviter_name: fullName(inviter),
            role: input.role,
            token: ctx.mailSecrets.seal(token, email),
            expires_in_days: INVITATION_TTL_DAYS,
          },
        },
      });
    });
  } catch (err) {
    await ctx.mailQuota
      .release(reservation)
      .catch((releaseError: unknown) =>
        ctx.log.warn(
          { err: releaseError instanceof Error ? releaseError.message : String(releaseError) },
          'a mail quota count of an invitation never written could not be given back',
        ),
      );
    throw err;
  }
  ctx.outboxWritten();
  return viewOf(invitation);
}

type LinkState = NonNullable<Awaited<ReturnType<typeof findByTokenHash>>>;

/** 404 for a token nobody was sent; 410 for a link used, revoked (or retired) or expired. */
function openLink(row: LinkState | undefined): LinkState {
  if (!row) throw notFound(INVITATION_UNKNOWN);
  if (row.accepted_at || row.revoked_at || row.expires_at.getTime() <= Date.now())
    throw gone(INVITATION_GONE);
  return row;
}

export async function readInvitation(db: Kysely<IdentityDB>, token: string): Promise<PublicInvitation> {
  const row = openLink(await findByTokenHash(db, hashLinkToken(token)));
  return {
    company_name: row.company_name,
    inviter_name: fullName({ first_name: row.inviter_first_name, last_name: row.inviter_last_name }),
    email: row.email,
    role: row.role,
  };
}

/**
 * Creates the account in the invitation's company with its role, its mailbox proven (the link
 * proved it), and signs it in, answering what sign-up answers. The link's state is checked first
 * and the link is held while the account is made, so it is used once however often it is posted.
 */
export async function acceptInvitation(
  ctx: AccountsContext,
  token: string,
  input: z.output<typeof invitationAccept>,
  client: ClientInfo,
): Promise<AuthResponse> {
  const passwordHash = await hashPassword(input.password);
  const refuse = () => conflict(EMAIL_HAS_ACCOUNT, [{ field: 'email', message: EMAIL_HAS_ACCOUNT }]);
  try {
    const user = await ctx.db.transaction().execute(async (trx) => {
      const invitation = openLink(await findByTokenHash(trx, hashLinkToken(token), true));
      if (await emailHasAccount(trx, invitation.email)) throw refuse();
      const account = {
        id: randomUUID(),
        company_id: invitation.company_id,
        email: invitation.email,
        first_name: input.first_name,
        last_name: input.last_name,
        phone: input.phone,
        role: invitation.role,
        password_hash: passwordHash,
        email_verified_at: new Date(),
      };
      await trx.insertInto('users').values(account).execute();
      await markAccepted(trx, invitation.id, account.id);
      return account;
    });
    return await startSession(ctx, user, false, client);
  } catch (err) {
    if (isUniqueViolation(err, USERS_EMAIL_KEY)) throw refuse();
    throw err;
  }
}
