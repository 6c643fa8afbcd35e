import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vessels')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('imo', 'char(7)', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ship_type', 'text')
    .addColumn('flag', 'char(2)')
    .addColumn('gross_tonnage', 'integer')
    .addColumn('dwt', 'integer')
    .addColumn('year_built', 'integer')
    .addColumn('created_by', 'uuid')
    .addColumn('created_by_tenant', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index vessels_name_trgm_idx on vessels using gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`create index vessels_imo_pattern_idx on vessels (imo bpchar_pattern_ops)`.execute(db);

  // Events already applied, so a redelivered one never counts twice.
  await db.schema
    .createTable('processed_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
