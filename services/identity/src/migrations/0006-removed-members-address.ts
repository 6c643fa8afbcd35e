import { sql, type Kysely } from 'kysely';

/**
 * A removed member's address is free again: the company (or another) may invite it, and the new
 * account is a new row. The removed row stays, so every record keeps its name, but it no longer
 * holds the address; one account that can sign in per address, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_email_key`.execute(db);
  await sql`create unique index users_email_key on users (lower(email)) where removed_at is null`.execute(db);
}
