import { sql, type Kysely } from 'kysely';
import { addOutboxConfirmation } from '@mfd/queue';

/** The full list of delivery states, and whether an attempt of the message may have been delivered. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop constraint if exists messages_status_check`.execute(db);
  await sql`update messages set status = 'retrying' where status = 'queued' and attempts > 0`.execute(db);
  await sql`alter table messages add constraint messages_status_check
    check (status in ('queued', 'sending', 'retrying', 'sent', 'sent_unconfirmed', 'failed'))`.execute(db);
  await db.schema
    .alterTable('messages')
    .addColumn('maybe_delivered', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await addOutboxConfirmation(db);
}
