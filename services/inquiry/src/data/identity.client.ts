import { z } from 'zod';
import { currentUser, member, profileResponse } from '@mfd/contracts';
import { AppError, type ServiceClient } from '@mfd/service-kit';
import type { SenderStanding } from '../domain/rfq/supplier-mail-gate';

/**
 * A member as suppliers see the RFQ mails, and whether they may send them (a proven mailbox,
 * the company's age for its quotas): read from identity with the caller's own token, as it is now.
 * Without a member, the caller; with one, that colleague (identity answers only the caller's company).
 */
async function senderProfile(
  client: ServiceClient,
  auth: { token: string; requestId?: string },
  memberId: string | null,
): Promise<SenderStanding> {
  const path = memberId ? `/api/company/members/${memberId}/profile` : '/api/profile';
  const { profile } = await client.get(path, profileResponse, auth).catch((err: unknown) => {
    // A 404 here is the caller's profile, not the inquiry the route names: never answer it as one.
    if (err instanceof AppError && err.statusCode === 404)
      throw new AppError(
        502,
        'UPSTREAM_ERROR',
        'Your profile could not be read: the mails need it as sender',
      );
    throw err;
  });
  const saved = Object.values(profile.email_signature).some(Boolean);
  const sender = {
    email: profile.email,
    name: profile.name,
    company: profile.company.name,
    reference_prefix: profile.company.reference_prefix,
    // A supplier must always see who asks: with no signature saved yet, the profile's own details.
    signature: saved
      ? profile.email_signature
      : {
          full_name: profile.name,
          title: profile.position,
          // A new account's company is named after its user until the profile says otherwise.
          company_name: profile.company.name === profile.name ? null : profile.company.name,
          phone: profile.phone,
          email: profile.email,
          website: null,
          address: null,
          additional_info: null,
        },
  };
  return {
    sender,
    verified: profile.email_verified,
    companyCreatedAt: new Date(profile.company.created_at),
  };
}

/**
 * The sender's standing, or null while identity cannot answer: a change that mails nobody goes
 * through without it, one that mails suppliers is refused (see SupplierMailGate). The mails go out
 * as the inquiry's owner (their name, signature and reply-to); when a colleague acts for them, both
 * mailboxes must be proven: the one who writes the mail and the one suppliers answer.
 */
export async function senderStanding(
  client: ServiceClient,
  auth: { token: string; requestId?: string },
  log: { warn(obj: object, msg: string): void },
  ownerId: string | null,
): Promise<SenderStanding | null> {
  const standing = async (): Promise<SenderStanding> => {
    if (!ownerId) return senderProfile(client, auth, null);
    const [caller, owner] = await Promise.all([
      senderProfile(client, auth, null),
      senderProfile(client, auth, ownerId),
    ]);
    return { ...owner, verified: caller.verified && owner.verified };
  };
  return standing().catch((err: unknown) => {
    if (!(err instanceof AppError) || !err.code.startsWith('UPSTREAM_')) throw err;
    log.warn({ err: err.message }, 'profile unreadable: no mail to suppliers can be sent');
    return null;
  });
}

/** The caller's name as colleagues read it ("Anna Berg"), or null when identity has none to give. */
export async function userName(
  client: ServiceClient,
  auth: { token: string; requestId?: string },
): Promise<string | null> {
  const user = await client.get('/api/auth/me', currentUser, auth);
  return `${user.first_name} ${user.last_name}`.trim() || null;
}

/**
 * The caller's account address and name, where their alert mails go, with whether the mailbox is
 * proven and the company's sign-up (the reminders' supplier mail gate reads them).
 */
export async function accountAddress(
  client: ServiceClient,
  auth: { token: string; requestId?: string },
): Promise<{ email: string; name: string | null; verified: boolean; companyCreatedAt: Date }> {
  const { profile } = await client.get('/api/profile', profileResponse, auth);
  return {
    email: profile.email,
    name: profile.name || null,
    verified: profile.email_verified,
    companyCreatedAt: new Date(profile.company.created_at),
  };
}

/** A member of the caller's company by user id, named as colleagues read it; null for anyone else. */
export async function companyMember(
  client: ServiceClient,
  auth: { token: string; requestId?: string },
  userId: string,
): Promise<{ id: string; name: string } | null> {
  const members = await client.get('/api/company/members', z.array(member), auth);
  const found = members.find((m) => m.id === userId);
  return found ? { id: found.id, name: `${found.first_name} ${found.last_name}`.trim() } : null;
}
