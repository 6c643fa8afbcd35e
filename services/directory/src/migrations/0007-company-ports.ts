import { sql, type Kysely } from 'kysely';

/**
 * A port a company adds (the Add New Port dialog) is that company's own until a platform operator
 * approves it: `tenant_id` names the company, null once the port is shared. A UN/LOCODE is unique
 * among the shared ports and within each company's own, so two companies may each add the same
 * code while neither is approved. Ports added before this step were shared when added and stay so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ports')
    .addColumn('tenant_id', 'uuid')
    .addColumn('rejected_at', 'timestamptz')
    .execute();
  await sql`alter table ports drop constraint ports_unlocode_key`.execute(db);
  await sql`create unique index ports_shared_unlocode_key on ports (unlocode) where tenant_id is null`.execute(
    db,
  );
  // Also the review list's and the merge's way to a company's own ports, which are few.
  await sql`create unique index ports_own_unlocode_key on ports (tenant_id, unlocode) where tenant_id is not null`.execute(
    db,
  );
}
