import { sql, type Kysely } from 'kysely';

/**
 * Deadlines that work for the trader: a supplier may decline to quote (with a reason), each
 * recipient may get one reminder before its reply-by (when it is due, and how it went, so replicas
 * and restarts send it once), and a distribution may seal the offers until the reply-by. The
 * reminders are mailed by a background pass with no user's token, so the sender's signature and
 * the standing identity last gave (a proven mailbox, the company's age for its quotas) are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inquiry_recipients')
    .addColumn('declined_at', 'timestamptz')
    .addColumn('decline_reason', 'text')
    .addColumn('decline_remarks', 'text')
    /** When the reminder is due (reply-by minus the distribution's minutes); null: none asked for. */
    .addColumn('remind_at', 'timestamptz')
    /** null while due; sent, skipped (the gate refused: why in reminder_note) or not_needed (answered, closed). */
    .addColumn('reminder_state', 'text')
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('reminder_note', 'text')
    .execute();
  await sql`alter table inquiry_recipients
    add constraint inquiry_recipients_decline_reason
      check (decline_reason in ('no_availability', 'no_credit', 'cannot_meet_dates', 'other')),
    add constraint inquiry_recipients_reminder_state
      check (reminder_state in ('sent', 'skipped', 'not_needed'))`.execute(db);
  await sql`create index inquiry_recipients_reminder_due_idx on inquiry_recipients (remind_at)
    where reminder_state is null and remind_at is not null`.execute(db);

  await db.schema
    .alterTable('distributions')
    .addColumn('remind_before_minutes', 'integer')
    .addColumn('sealed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sender_signature', 'jsonb')
    .execute();

  /** Once a distribution sealed them, the offers stay sealed until the reply-by or every answer. */
  await db.schema
    .alterTable('inquiries')
    .addColumn('offers_sealed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('alert_mailboxes')
    .addColumn('mailbox_verified', 'boolean')
    .addColumn('company_created_at', 'timestamptz')
    .execute();
}
