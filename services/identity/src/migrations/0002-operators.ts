import { sql, type Kysely } from 'kysely';

/** Platform operators, granted outside the web, and the proof that a user owns their mailbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('operator', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_verified_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('email_verification_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The address the link proves: a token sent before an e-mail change proves nothing after it. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('email_verification_tokens_user_idx')
    .on('email_verification_tokens')
    .column('user_id')
    .execute();
}
