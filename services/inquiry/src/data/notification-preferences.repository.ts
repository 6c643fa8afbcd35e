import { sql, type Kysely } from 'kysely';
import type { InquiryDB } from './db';

/** The kinds of mail the user turned off (none until they change a switch). */
export async function emailTurnedOff(db: Kysely<InquiryDB>, tenantId: string, userId: string) {
  const row = await db
    .selectFrom('notification_preferences')
    .select('email_off')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return new Set(row?.email_off ?? []);
}

/** `emailTurnedOff`, the row made if missing and held for the transaction, so changes at once queue up. */
export async function lockEmailTurnedOff(db: Kysely<InquiryDB>, tenantId: string, userId: string) {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, tenant_id: tenantId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('notification_preferences')
    .select('email_off')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return new Set(row?.email_off ?? []);
}

/** Callers hold the row (`lockEmailTurnedOff`). */
export async function saveEmailTurnedOff(
  db: Kysely<InquiryDB>,
  tenantId: string,
  userId: string,
  off: string[],
): Promise<void> {
  await db
    .updateTable('notification_preferences')
    .set({ email_off: off, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
}
