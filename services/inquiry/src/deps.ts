import { createDatabase, migrateToLatest, type Database } from '@mfd/db';
import { createRedis, loadPublicKey, ServiceClient, TokenRevocations } from '@mfd/service-kit';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { InquiryConfig } from './config';
import type { InquiryDB } from './data/db';
import { migrations } from './migrations';

/** Everything the inquiry app needs from outside; tests build the same from their harness. */
export interface InquiryDeps {
  config: InquiryConfig;
  database: Database<InquiryDB>;
  redis: Redis;
  revocations: TokenRevocations;
  publicKey: string;
  directory: ServiceClient;
}

export function createDeps(config: InquiryConfig, publicKey = loadPublicKey(config)): InquiryDeps {
  const database = createDatabase<InquiryDB>({
    url: config.PG_URL,
    schema: config.DB_SCHEMA,
    poolMax: config.PG_POOL_MAX,
    applicationName: 'inquiry',
  });
  const redis = createRedis(config.REDIS_URL);
  return {
    config,
    database,
    redis,
    revocations: new TokenRevocations(redis, config.REDIS_PREFIX),
    publicKey,
    directory: new ServiceClient('directory', config.DIRECTORY_URL),
  };
}

export async function migrate(deps: InquiryDeps): Promise<string[]> {
  const { db, pool, schema } = deps.database;
  return migrateToLatest(db as Kysely<unknown>, pool, schema, migrations);
}

export async function closeDeps(deps: InquiryDeps): Promise<void> {
  await deps.database.close();
  deps.redis.disconnect();
}
