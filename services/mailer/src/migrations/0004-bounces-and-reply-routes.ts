import { sql, type Kysely } from 'kysely';

/**
 * A sent mail may come back as a bounce (`bounced`, with when and the status code; the server's
 * answer goes in last_error), and a supplier mail remembers whose reply its Reply-To leads to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop constraint if exists messages_status_check`.execute(db);
  await sql`alter table messages add constraint messages_status_check
    check (status in ('queued', 'sending', 'retrying', 'sent', 'sent_unconfirmed', 'failed', 'bounced'))`.execute(
    db,
  );
  await db.schema
    .alterTable('messages')
    .addColumn('bounced_at', 'timestamptz')
    .addColumn('bounce_status', 'text')
    .addColumn('reply_tenant_id', 'uuid')
    .addColumn('reply_inquiry_id', 'uuid')
    .addColumn('reply_recipient_id', 'uuid')
    .execute();
}
