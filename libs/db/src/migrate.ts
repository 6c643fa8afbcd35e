import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type pg from 'pg';
import { assertSchemaName } from './database';

/**
 * All services' migrations take this one lock: CREATE SCHEMA/EXTENSION race across schemas, and
 * the migrator's catalog reads fail if a schema is dropped under them (tests drop theirs with it).
 */
export const MIGRATION_LOCK_KEY = 727_001;

export type Migrations = Record<string, Migration>;

/**
 * Applies the service's migrations under a PostgreSQL advisory lock, so replicas starting
 * at once run them one after another (the later ones find nothing left to do).
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  pool: pg.Pool,
  schema: string,
  migrations: Migrations,
): Promise<string[]> {
  assertSchemaName(schema);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: schema,
      // Features are numbered when planned and land in any order: a database that already ran a
      // later number still takes an earlier one that landed after it (each is independent).
      allowUnorderedMigrations: true,
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
}
