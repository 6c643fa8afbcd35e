import { createDatabase, migrateToLatest, type Database } from '@mfd/db';
import { createRedis, loadPublicKey, TokenRevocations } from '@mfd/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DirectoryConfig } from './config';
import type { DirectoryDB } from './data/db';
import { migrations } from './migrations';

/** Everything the directory app needs from outside; tests build the same from their harness. */
export interface DirectoryDeps {
  config: DirectoryConfig;
  database: Database<DirectoryDB>;
  redis: Redis;
  revocations: TokenRevocations;
  publicKey: string;
}

export function createDeps(config: DirectoryConfig, publicKey = loadPublicKey(config)): DirectoryDeps {
  const database = createDatabase<DirectoryDB>({
    url: config.PG_URL,
    schema: config.DB_SCHEMA,
    poolMax: config.PG_POOL_MAX,
    applicationName: 'directory',
    connectTimeoutMs: config.PG_CONNECT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    statementTimeoutMs: config.PG_STATEMENT_TIMEOUT_MS,
  });
  const redis = createRedis(config.REDIS_URL);
  return {
    config,
    database,
    redis,
    revocations: new TokenRevocations(redis, config.REDIS_PREFIX),
    publicKey,
  };
}

export async function migrate(deps: DirectoryDeps): Promise<string[]> {
  const { db, pool, schema } = deps.database;
  return migrateToLatest(db as Kysely<unknown>, pool, schema, migrations);
}

export async function closeDeps(deps: DirectoryDeps): Promise<void> {
  await deps.database.close();
  deps.redis.disconnect();
}
