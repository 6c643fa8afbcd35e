import { sql, type Kysely } from 'kysely';
import { DEFAULT_ISO_SPEC, FUEL_TYPES } from '@mfd/contracts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('spec_version', 'text', (c) => c.notNull())
    .addColumn('sulfur_max', 'numeric(5, 3)')
    .addColumn('aliases', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_by', 'uuid')
    .addColumn('created_by_tenant', 'uuid')
    .addColumn('updated_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('products' as never)
    .values(
      FUEL_TYPES.map((f) => ({
        id: sql`gen_random_uuid()`,
        code: f.code,
        name: f.name,
        spec_version: DEFAULT_ISO_SPEC,
        sulfur_max: f.sulfurMax,
        aliases: sql`'{}'::text[]`,
      })) as never,
    )
    .execute();
}
