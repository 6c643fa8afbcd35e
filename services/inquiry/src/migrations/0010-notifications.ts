import { sql, type Kysely } from 'kysely';

/**
 * What traders are told: a notification per user and event (the event's key unique, so a
 * redelivered event or a second replica's check tells once), the kinds of mail each user turned
 * off, and each user's alert mailbox (the address alerts go to, when the last alert mail went and
 * since when notifications wait for the next).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    /** No check on the kinds: the list lives in contracts, so a new kind needs no migration. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('offer_id', 'uuid', (c) => c.references('offers.id').onDelete('cascade'))
    /** The offer's revision the event was about (a revision's validity may expire again). */
    .addColumn('offer_revision', 'integer')
    .addColumn('supplier_name', 'text')
    /** What caused it (e.g. `offer:<id>:<revision>`, `mail_failed:<job id>`): one notification per event. */
    .addColumn('event_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    /** pending until the alert pass mails it (mailed) or finds its kind turned off (skipped). */
    .addColumn('mail_state', 'text', (c) => c.notNull().defaultTo('pending'))
    /** The outbox id of the mail that carried it. */
    .addColumn('mail_job_id', 'uuid')
    .addCheckConstraint('notifications_mail_state', sql`mail_state in ('pending', 'mailed', 'skipped')`)
    .execute();
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index notifications_offer_idx on notifications (offer_id, kind)
    where offer_id is not null`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(
    db,
  );
  await sql`create index notifications_pending_idx on notifications (user_id, created_at)
    where mail_state = 'pending'`.execute(db);

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    /** The kinds of mail turned off; everything else is on, including kinds added later. */
    .addColumn('email_off', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('alert_mailboxes')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    /** The account's address and name as identity last answered them (null until then: no mail). */
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('last_mailed_at', 'timestamptz')
    /** When the oldest notification waiting for a mail arrived; null while none waits. */
    .addColumn('pending_since', 'timestamptz')
    /** When identity last answered the address (it is read again now and then while the user is signed in). */
    .addColumn('address_checked_at', 'timestamptz')
    .execute();
  await sql`create index alert_mailboxes_pending_idx on alert_mailboxes (pending_since)
    where pending_since is not null`.execute(db);

  // The expiry check reads standing offers by validity; alert recipients read an inquiry's latest sender.
  await sql`create index offers_standing_valid_until_idx on offers (valid_until)
    where status = 'submitted'`.execute(db);
  await sql`create index distributions_inquiry_idx on distributions (inquiry_id, created_at desc)`.execute(
    db,
  );
}
