import { sql, type Kysely } from 'kysely';

/**
 * Desks are teams: an admin invites colleagues by e-mail (a single-use link, only its hash kept),
 * removes members (the account stays, so every record keeps its name, but can no longer sign in),
 * and sets the company's defaults (null: not set, the documented default answers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('trading_companies.id'))
    /** Stored lower-cased. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('trader', 'admin')`))
    /** sha256 of the token; the token itself only ever travels in the mail. */
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    /** Revoked by an admin, or retired by a newer invitation of the same address. */
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_user_id', 'uuid', (c) => c.references('users.id'))
    .execute();
  await sql`create index invitations_pending_idx on invitations (company_id, lower(email))
    where revoked_at is null and accepted_at is null`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('removed_at', 'timestamptz')
    .addColumn('removed_by', 'uuid')
    .execute();

  await db.schema
    .alterTable('trading_companies')
    .addColumn('reference_prefix', 'text')
    .addColumn('default_reply_by_hours', 'integer')
    .addColumn('default_selling_terms', 'text')
    .execute();
}
