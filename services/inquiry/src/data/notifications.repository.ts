import { sql, type Insertable, type Kysely } from 'kysely';
import type { InquiryDB, NotificationsTable } from './db';

export type NewNotification = Omit<Insertable<NotificationsTable>, 'read_at' | 'mail_state' | 'mail_job_id'>;

/**
 * Writes notifications, each event once: one whose event was already told (a redelivered event,
 * another replica's check) is left as it is. Answers the ones written now.
 */
export async function insertNotifications(db: Kysely<InquiryDB>, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning(['user_id', 'tenant_id', 'created_at'])
    .execute();
}

/** A user's notifications with their inquiry's vessel and port, newest first, after `before` if given. */
export function listNotifications(
  db: Kysely<InquiryDB>,
  tenantId: string,
  userId: string,
  page: { before?: string; limit: number },
) {
  let query = db
    .selectFrom('notifications as n')
    .innerJoin('inquiries as i', (join) =>
      join.onRef('i.id', '=', 'n.inquiry_id').onRef('i.tenant_id', '=', 'n.tenant_id'),
    )
    .select([
      'n.id',
      'n.kind',
      'n.inquiry_id',
      'n.offer_id',
      'n.supplier_name',
      'n.created_at',
      'n.read_at',
      'i.vessel_name',
      'i.port_name',
    ])
    .where('n.tenant_id', '=', tenantId)
    .where('n.user_id', '=', userId);
  // An unknown or foreign cursor compares with null: an empty page, nothing told about it.
  if (page.before)
    query = query.where(
      sql<boolean>`(n.created_at, n.id) < (
        select b.created_at, b.id from notifications b
        where b.id = ${page.before} and b.user_id = ${userId} and b.tenant_id = ${tenantId})`,
    );
  return query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(page.limit).execute();
}

export async function countUnread(db: Kysely<InquiryDB>, tenantId: string, userId: string) {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('unread'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.unread;
}

/** Marks the user's own unread notifications read: the ones named, or every one. Others' ids change nothing. */
export async function markRead(
  db: Kysely<InquiryDB>,
  tenantId: string,
  userId: string,
  which: { ids: string[] } | 'all',
  at: Date,
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (which !== 'all') query = query.where('id', 'in', which.ids);
  await query.execute();
}

/**
 * The notifications of a user still waiting for a mail, oldest first, with their inquiry's vessel
 * and port, held for the rest of the transaction (at most `limit`; the rest wait for the next pass).
 */
export function pendingNotifications(db: Kysely<InquiryDB>, tenantId: string, userId: string, limit: number) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('inquiries as i', (join) =>
      join.onRef('i.id', '=', 'n.inquiry_id').onRef('i.tenant_id', '=', 'n.tenant_id'),
    )
    .select([
      'n.id',
      'n.kind',
      'n.inquiry_id',
      'n.supplier_name',
      'n.created_at',
      'i.vessel_name',
      'i.port_name',
    ])
    .where('n.tenant_id', '=', tenantId)
    .where('n.user_id', '=', userId)
    .where('n.mail_state', '=', 'pending')
    .orderBy('n.created_at')
    .orderBy('n.id')
    .limit(limit)
    .forUpdate('n')
    .execute();
}

/** Whether the notifications went out by mail (with the mail's outbox id) or were left out of it. */
export async function settleMail(
  db: Kysely<InquiryDB>,
  ids: string[],
  outcome: { state: 'mailed'; jobId: string } | { state: 'skipped' },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ mail_state: outcome.state, mail_job_id: outcome.state === 'mailed' ? outcome.jobId : null })
    .where('id', 'in', ids)
    .execute();
}
