import { sql, type Kysely } from 'kysely';

/**
 * The job id of the first mail to an address (its invitation): the later mails about the inquiry
 * (amendments, the cancel notice, the award or not-awarded note) reply to that Message-ID, so a
 * supplier's mail program shows one thread per inquiry. Addresses sent to before keep their
 * latest mail as the thread's start, the best that is known of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inquiry_recipients').addColumn('thread_job_id', 'text').execute();
  await sql`update inquiry_recipients set thread_job_id = mail_job_id`.execute(db);
}
