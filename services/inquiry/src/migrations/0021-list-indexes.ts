import { sql, type Kysely } from 'kysely';

/**
 * Lists at volume (issue 27; bench/lists-at-volume.ts, a company with 100,000 inquiries and
 * 300,000 offers):
 * - the list's text search (`ilike '%…%'` on vessel, IMO, customer, port and UN/LOCODE) read every
 *   inquiry of the company: trigram indexes answer each column's pattern from the index (pg_trgm
 *   lives in public, created by the directory's migrations; created here too for a lone service);
 * - the dashboard's offer count (every status but draft) read each offer's row for its status:
 *   (tenant_id, status) counts from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index inquiries_search_idx on inquiries using gin (
    vessel_name gin_trgm_ops, imo gin_trgm_ops, customer_name gin_trgm_ops,
    port_name gin_trgm_ops, port_unlocode gin_trgm_ops)`.execute(db);
  await sql`create index offers_tenant_status_idx on offers (tenant_id, status)`.execute(db);
}
