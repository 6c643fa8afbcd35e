import { sql, type Kysely } from 'kysely';

/**
 * A vessel a company names (in an inquiry, or an admin's add) is that company's own until a
 * platform operator confirms it: `tenant_id` names the company, null once confirmed. An IMO is
 * unique among confirmed vessels and within each company's own. Every vessel so far was added by
 * a company (no operator could add one), so each becomes its company's own, awaiting confirmation;
 * nothing refers to a vessel row (inquiries keep name and IMO), so no other company loses more
 * than a typeahead suggestion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // updated_by: the operator who confirmed it.
  await db.schema
    .alterTable('vessels')
    .addColumn('tenant_id', 'uuid')
    .addColumn('updated_by', 'uuid')
    .execute();
  await sql`update vessels set tenant_id = created_by_tenant`.execute(db);
  await sql`alter table vessels drop constraint vessels_imo_key`.execute(db);
  await sql`create unique index vessels_confirmed_imo_key on vessels (imo) where tenant_id is null`.execute(
    db,
  );
  await sql`create unique index vessels_own_imo_key on vessels (tenant_id, imo) where tenant_id is not null`.execute(
    db,
  );
}
