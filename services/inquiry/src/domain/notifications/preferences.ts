import type { Kysely } from 'kysely';
import {
  EMAIL_PREFERENCES,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import {
  emailTurnedOff,
  lockEmailTurnedOff,
  saveEmailTurnedOff,
} from '../../data/notification-preferences.repository';
import type { Caller } from '../inquiries';

const asSwitches = (off: Set<string>): NotificationPreferences => ({
  email: Object.fromEntries(
    EMAIL_PREFERENCES.map((key) => [key, !off.has(key)]),
  ) as NotificationPreferences['email'],
});

/** Which alert mails the caller gets: every kind on until turned off. */
export async function preferencesOf(db: Kysely<InquiryDB>, caller: Caller): Promise<NotificationPreferences> {
  return asSwitches(await emailTurnedOff(db, caller.tenantId, caller.userId));
}

/**
 * Changes the switches sent (the others keep their value) under the row's lock, so two changes at
 * once both count.
 */
export async function savePreferences(
  db: Kysely<InquiryDB>,
  caller: Caller,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferences> {
  return db.transaction().execute(async (trx) => {
    const off = await lockEmailTurnedOff(trx, caller.tenantId, caller.userId);
    for (const [key, on] of Object.entries(input.email)) {
      if (on) off.delete(key);
      else off.add(key);
    }
    await saveEmailTurnedOff(trx, caller.tenantId, caller.userId, [...off].sort());
    return asSwitches(off);
  });
}
