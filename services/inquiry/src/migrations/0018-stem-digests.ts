import { sql, type Kysely } from 'kysely';

/**
 * The daily stem digest: one row per user and day, written in the transaction that puts the mail
 * in the outbox, so a pass repeated (a restart, a second replica) mails nobody twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stem_digests')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    /** The outbox id of the mail; null when there was nothing to list or the user turned it off. */
    .addColumn('job_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('stem_digests_pk', ['user_id', 'day'])
    .execute();
}
