import type { Kysely } from 'kysely';

/** Platform operators edit ports: the last one to do so is recorded, as for products. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ports').addColumn('updated_by', 'uuid').execute();
}
