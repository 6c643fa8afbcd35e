import { sql, type Kysely } from 'kysely';

/**
 * Addresses of a company's suppliers and contacts that hard-bounced (the mailer's
 * `mailer.address-bounced`): one row per company and address (lower case), the latest bounce.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bounced_addresses')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('diagnostic', 'text')
    .addColumn('bounced_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('bounced_addresses_pkey', ['tenant_id', 'email'])
    .addCheckConstraint('bounced_addresses_lower_email', sql`email = lower(email)`)
    .execute();
}
