import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// numeric stays a string (money, tonnes: never floats); int8 counts fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface DatabaseSettings {
  url: string;
  /** The service's own schema: every unqualified table name resolves to it. */
  schema: string;
  poolMax?: number;
  applicationName?: string;
}

export interface Database<DB> {
  db: Kysely<DB>;
  pool: pg.Pool;
  schema: string;
  close(): Promise<void>;
}

export function assertSchemaName(schema: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
}

/**
 * One pool per service, its search_path set to the service's schema (then public, where
 * shared extensions such as pg_trgm live). A service never names another's schema.
 */
export function createDatabase<DB>(settings: DatabaseSettings): Database<DB> {
  assertSchemaName(settings.schema);
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: settings.poolMax ?? 10,
    application_name: settings.applicationName ?? settings.schema,
    options: `-c search_path=${settings.schema},public`,
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    schema: settings.schema,
    close: () => db.destroy(),
  };
}
