import { sql, type Kysely } from 'kysely';

/**
 * The supplier scorecards read the inquiries sent within their period (the last 90 days unless
 * asked otherwise) through this index instead of grouping every recipient row the company ever
 * had: at `bench/lists-at-volume.ts`'s 100,000 inquiries, a quarter's 97,000 rows of a year's
 * 370,000.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index inquiry_recipients_first_sent_idx
    on inquiry_recipients (tenant_id, first_sent_at) include (inquiry_id)`.execute(db);
}
