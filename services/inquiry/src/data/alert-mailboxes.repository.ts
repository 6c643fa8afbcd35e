import { sql, type Kysely } from 'kysely';
import type { InquiryDB } from './db';

/**
 * Notifications now wait for a mail to these users: a mailbox with none waiting starts waiting
 * from `since`; one already waiting keeps its older start. Rows are taken in user order, so two
 * transactions telling the same users never deadlock.
 */
export async function markWaiting(
  db: Kysely<InquiryDB>,
  users: { user_id: string; tenant_id: string }[],
  since: Date,
): Promise<void> {
  const unique = [...new Map(users.map((u) => [u.user_id, u])).values()].sort((a, b) =>
    a.user_id.localeCompare(b.user_id),
  );
  if (unique.length === 0) return;
  await db
    .insertInto('alert_mailboxes')
    .values(unique.map((u) => ({ user_id: u.user_id, tenant_id: u.tenant_id, pending_since: since })))
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        pending_since: sql<Date>`coalesce(alert_mailboxes.pending_since, excluded.pending_since)`,
      }),
    )
    .execute();
}

/**
 * The address and name alert mails go to, as identity answered them for the user just now, and
 * (when it said) whether the mailbox is proven and when the company signed up: the reminders'
 * supplier mail gate checks them, having no token to ask identity with.
 */
export async function saveMailboxAddress(
  db: Kysely<InquiryDB>,
  tenantId: string,
  userId: string,
  address: { email: string; name: string | null; verified?: boolean; companyCreatedAt?: Date },
  at: Date,
): Promise<void> {
  const values = {
    email: address.email,
    name: address.name,
    address_checked_at: at,
    ...(address.verified === undefined ? {} : { mailbox_verified: address.verified }),
    ...(address.companyCreatedAt ? { company_created_at: address.companyCreatedAt } : {}),
  };
  await db
    .insertInto('alert_mailboxes')
    .values({ user_id: userId, tenant_id: tenantId, ...values })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet(values).where('alert_mailboxes.tenant_id', '=', tenantId),
    )
    .execute();
}

/** When the user's address was last read from identity (null: never). */
export async function addressCheckedAt(db: Kysely<InquiryDB>, tenantId: string, userId: string) {
  const row = await db
    .selectFrom('alert_mailboxes')
    .select('address_checked_at')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.address_checked_at ?? null;
}

/**
 * One mailbox whose waiting notifications are due (the bounds of `alertMailCutoffs`), held for the
 * transaction; a mailbox another replica is mailing is passed over.
 */
export function claimDueMailbox(db: Kysely<InquiryDB>, cutoffs: { arrivedBy: Date; lastMailedBy: Date }) {
  return db
    .selectFrom('alert_mailboxes')
    .selectAll()
    .where('pending_since', '<=', cutoffs.arrivedBy)
    .where((eb) =>
      eb.or([eb('last_mailed_at', 'is', null), eb('last_mailed_at', '<=', cutoffs.lastMailedBy)]),
    )
    .orderBy('pending_since')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/**
 * After a pass over the mailbox: when a mail went (if one did), and since when what is still
 * pending waits (its oldest notification; null when none is left).
 */
export async function settleMailbox(
  db: Kysely<InquiryDB>,
  tenantId: string,
  userId: string,
  mailedAt: Date | null,
): Promise<void> {
  await db
    .updateTable('alert_mailboxes')
    .set((eb) => ({
      pending_since: eb
        .selectFrom('notifications')
        .select((n) => n.fn.min('created_at').as('oldest'))
        .where('notifications.tenant_id', '=', tenantId)
        .where('notifications.user_id', '=', userId)
        .where('notifications.mail_state', '=', 'pending'),
      ...(mailedAt ? { last_mailed_at: mailedAt } : {}),
    }))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
}
