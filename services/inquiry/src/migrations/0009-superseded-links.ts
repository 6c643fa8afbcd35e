import { sql, type Kysely } from 'kysely';

/**
 * A recipient's older offer links are retired when a newer one is mailed to it (a resend, an
 * amendment): an old link answers 410 "superseded" rather than let a supplier price an inquiry
 * from a mail that no longer says what is asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('offer_links').addColumn('superseded_at', 'timestamptz').execute();
  await sql`create index offer_links_current_idx on offer_links (recipient_id) where superseded_at is null`.execute(
    db,
  );
}
