import { sql, type Kysely } from 'kysely';

/**
 * The dashboard reads a company's awards by the time they were made (the savings and the awarded
 * volume of the last 12 months): an index of the tenant's awards by time, so a year of 100,000
 * inquiries answers without reading the tenant's other offers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index offers_tenant_awarded_idx
    on offers (tenant_id, awarded_at) include (inquiry_id) where status = 'awarded'`.execute(db);
}
