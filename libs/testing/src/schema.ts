import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MIGRATION_LOCK_KEY } from '@mfd/db';
import { uniqueRedisPrefix } from './redis-keys';

/** A schema name no other test uses: `t_<random>_<service>`. */
export function uniqueSchema(service: string): string {
  return `t_${randomBytes(5).toString('hex')}_${service}`;
}

/** Drops test schemas, under the migration lock so no migrator is reading the catalog meanwhile. */
export async function dropSchemas(pgUrl: string, schemas: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    for (const schema of schemas) {
      if (!/^(t|e2e|security|stack|bench)_[a-f0-9]+_[a-z_]+$/.test(schema))
        throw new Error(`refusing to drop ${schema}`);
      await client.query(`drop schema if exists "${schema}" cascade`);
    }
  } finally {
    await client.end();
  }
}

/**
 * The settings a service under test starts with: quiet logs, an ephemeral port, the test
 * PostgreSQL and Redis, its own fresh schema and Redis prefix. `overrides` win.
 */
export function serviceTestEnv(
  service: string,
  pg: { pgUrl: string; redisUrl: string },
  overrides: Record<string, string | undefined> = {},
) {
  const schema = uniqueSchema(service);
  return {
    schema,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      PG_URL: pg.pgUrl,
      REDIS_URL: pg.redisUrl,
      REDIS_PREFIX: uniqueRedisPrefix(),
      DB_SCHEMA: schema,
      ...overrides,
    },
  };
}
