import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { namingPool } from './named-statements';

// numeric stays a string (money, tonnes: never floats); int8 counts fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface DatabaseSettings {
  url: string;
  /** The service's own schema: every unqualified table name resolves to it. */
  schema: string;
  poolMax?: number;
  applicationName?: string;
  /** How long a query waits for a free connection before it fails (default 5 s); without it a full pool queues without end. */
  connectTimeoutMs?: number;
  /** PostgreSQL ends a session idle inside a transaction this long (default 30 s), so no client can hold a connection. */
  idleInTransactionTimeoutMs?: number;
  /** And cancels a statement running this long (default 60 s). */
  statementTimeoutMs?: number;
  /**
   * Plan each run of a named statement for its values (PostgreSQL's plan_cache_mode
   * force_custom_plan) instead of letting it settle on one plan for any values: a LIKE prefix
   * reads an index only when the plan knows the pattern. Kysely's own statements are unnamed and
   * planned per run anyway.
   */
  customPlans?: boolean;
}

export const DATABASE_DEFAULTS = {
  connectTimeoutMs: 5000,
  idleInTransactionTimeoutMs: 30_000,
  statementTimeoutMs: 60_000,
} as const;

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
 * shared extensions such as pg_trgm live). A service never names another's schema. Every wait
 * is bounded: for a connection, in an open transaction, and for a statement.
 */
export function createDatabase<DB>(settings: DatabaseSettings): Database<DB> {
  assertSchemaName(settings.schema);
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: settings.poolMax ?? 10,
    application_name: settings.applicationName ?? settings.schema,
    connectionTimeoutMillis: settings.connectTimeoutMs ?? DATABASE_DEFAULTS.connectTimeoutMs,
    options: [
      `-c search_path=${settings.schema},public`,
      `-c idle_in_transaction_session_timeout=${Math.round(settings.idleInTransactionTimeoutMs ?? DATABASE_DEFAULTS.idleInTransactionTimeoutMs)}`,
      `-c statement_timeout=${Math.round(settings.statementTimeoutMs ?? DATABASE_DEFAULTS.statementTimeoutMs)}`,
      ...(settings.customPlans ? ['-c plan_cache_mode=force_custom_plan'] : []),
    ].join(' '),
  });
  // A connection PostgreSQL ends while it sits idle in the pool (a timeout above, a restart) is dropped by the
  // pool and replaced on the next query; without a listener the error would end the process.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namingPool(pool) }) });
  return {
    db,
    pool,
    schema: settings.schema,
    close: () => db.destroy(),
  };
}
