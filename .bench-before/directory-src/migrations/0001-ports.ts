import { sql, type Kysely } from 'kysely';
import { BUILT_IN_PORTS } from '@mfd/contracts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Shared by every schema that searches text; search_path is "<schema>, public".
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);

  await db.schema
    .createTable('ports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('unlocode', 'char(5)', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_ascii', 'text', (c) => c.notNull())
    .addColumn('country', 'char(2)', (c) => c.notNull())
    .addColumn('subdivision', 'text')
    .addColumn('region', 'text')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('functions', 'text')
    .addColumn('status', 'text')
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('seed', 'manual', 'unlocode')`))
    .addColumn('created_by', 'uuid')
    .addColumn('created_by_tenant', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Typeahead indexes: code prefix and name prefix (alone and within a country) read in order, and
  // a trigram GIN index for names that contain the text or are close to it (typos).
  await sql`create index ports_unlocode_pattern_idx on ports (unlocode bpchar_pattern_ops)`.execute(db);
  await sql`create index ports_name_prefix_idx on ports (lower(name_ascii) text_pattern_ops)`.execute(db);
  await sql`create index ports_country_name_prefix_idx on ports (country, lower(name_ascii) text_pattern_ops)`.execute(
    db,
  );
  await sql`create index ports_name_trgm_idx on ports using gin (lower(name_ascii) gin_trgm_ops)`.execute(db);

  await db
    .insertInto('ports' as never)
    .values(
      BUILT_IN_PORTS.map((p) => ({
        id: sql`gen_random_uuid()`,
        unlocode: p.unlocode,
        name: p.name,
        name_ascii: p.name,
        country: p.country,
        region: p.region,
        timezone: p.timezone,
        lat: p.lat,
        lon: p.lon,
        functions: '1-------',
        source: 'seed',
      })) as never,
    )
    .execute();
}
