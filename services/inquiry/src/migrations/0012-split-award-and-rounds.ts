import { sql, type Kysely } from 'kysely';

/**
 * Split awards and negotiation rounds. An awarded offer keeps the fuel lines it won (a split
 * award gives each winner only some). The distribution is round 1: each later round is a row
 * (its reply-by, the trader's message, whether each supplier is told its rank), the inquiry
 * counts the round it is in, an offer the last round it was shortlisted for (only those revise
 * during a round), and every revision the round it was made in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('offers')
    .addColumn('awarded_line_ids', sql`uuid[]`)
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('shortlisted_round', 'integer')
    .execute();
  await db.schema
    .alterTable('offer_revisions')
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('inquiries')
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('inquiry_rounds')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('inquiry_id', 'uuid', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('reply_by', 'timestamptz', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('show_rank', 'boolean', (c) => c.notNull())
    .addColumn('started_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('inquiry_rounds_pk', ['inquiry_id', 'round'])
    .addCheckConstraint('inquiry_rounds_after_first', sql`round >= 2`)
    .execute();
}
