import type { Kysely } from 'kysely';
import type { MarkNotificationsRead, NotificationsResponse } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { countUnread, listNotifications, markRead } from '../../data/notifications.repository';
import type { Caller } from '../inquiries';

/** The caller's own notifications, newest first, a page at a time, with how many are unread. */
export async function notificationsOf(
  db: Kysely<InquiryDB>,
  caller: Caller,
  page: { before?: string; limit: number },
): Promise<NotificationsResponse> {
  const [rows, unread] = await Promise.all([
    listNotifications(db, caller.tenantId, caller.userId, page),
    countUnread(db, caller.tenantId, caller.userId),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      read_at: row.read_at?.toISOString() ?? null,
    })),
    unread_count: unread,
  };
}

/** Marks the caller's notifications read (ids of others change nothing); answers what is still unread. */
export async function markNotificationsReadFor(
  db: Kysely<InquiryDB>,
  caller: Caller,
  input: MarkNotificationsRead,
  now: Date,
): Promise<number> {
  await markRead(db, caller.tenantId, caller.userId, input.all ? 'all' : { ids: input.ids ?? [] }, now);
  return countUnread(db, caller.tenantId, caller.userId);
}
