import type { Kysely } from 'kysely';
import { AppError } from '@mfd/service-kit';
import { addressCheckedAt, saveMailboxAddress } from '../../data/alert-mailboxes.repository';
import type { InquiryDB } from '../../data/db';
import type { Caller } from '../inquiries';

/**
 * Keeps the address a user's alert mails go to current: identity owns it, and the background pass
 * that mails has no token to ask with, so it is read with the user's own token while they use the
 * app, at most once per `everyMs`. Identity away costs the user nothing: the last address stays.
 */
export async function refreshAlertAddress(
  db: Kysely<InquiryDB>,
  caller: Caller,
  read: () => Promise<Parameters<typeof saveMailboxAddress>[3]>,
  opts: { now: Date; everyMs: number; log: { warn(obj: object, msg: string): void } },
): Promise<void> {
  const checked = await addressCheckedAt(db, caller.tenantId, caller.userId);
  if (checked && opts.now.getTime() - checked.getTime() < opts.everyMs) return;
  try {
    await saveMailboxAddress(db, caller.tenantId, caller.userId, await read(), opts.now);
  } catch (err) {
    // Identity away or answering oddly (e.g. an account just removed) is no failure of the caller's read.
    if (!(err instanceof AppError)) throw err;
    opts.log.warn({ err: err.message }, 'account address unreadable: alert mails keep the last one');
  }
}
