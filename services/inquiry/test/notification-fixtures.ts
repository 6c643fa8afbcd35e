import { expect } from 'vitest';
import type { NotificationsResponse } from '@mfd/contracts';
import { bearer } from '@mfd/testing';
import type { Caller } from './distribution-fixtures';
import type { startRfq } from './harness';

type Stack = Pick<Awaited<ReturnType<typeof startRfq>>, 'inquiry'>;

/** A call to the inquiry app as the user. */
export function api(s: Stack, user: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
}

/** The user's bell: their notifications, newest first, and the unread count. */
export async function bell(s: Stack, user: Caller, query = ''): Promise<NotificationsResponse> {
  const res = await api(s, user, 'GET', `/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** How the user's notifications stand for mail, oldest first. */
export function mailStates(s: Stack, user: Caller) {
  return s.inquiry.deps.database.db
    .selectFrom('notifications')
    .select(['kind', 'mail_state', 'mail_job_id'])
    .where('user_id', '=', user.userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
