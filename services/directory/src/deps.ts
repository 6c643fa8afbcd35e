import { createDatabase, migrateToLatest, type Database } from '@mfd/db';
import { createProducerConnection, createQueueConnection, OutboxRelay, queuePrefix } from '@mfd/queue';
import { createRedis, loadPublicKey, ServiceClient, TokenRevocations } from '@mfd/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type { DirectoryConfig } from './config';
import type { DirectoryDB } from './data/db';
import { migrations } from './migrations';

/** Everything the directory app needs from outside; tests build the same from their harness. */
export interface DirectoryDeps {
  config: DirectoryConfig;
  database: Database<DirectoryDB>;
  redis: Redis;
  queueConnection: Redis;
  /** Blocking connection for the consumers (inquiry events, outbox confirmations). */
  workerConnection: Redis;
  revocations: TokenRevocations;
  /** Hands the port merges to the inquiry service. */
  relay: OutboxRelay;
  /** The company settings, read with the caller's own token. */
  identity: ServiceClient;
  publicKey: string;
}

export function createDeps(
  config: DirectoryConfig,
  publicKey = loadPublicKey(config),
  logger: FastifyBaseLogger = pino({ level: config.LOG_LEVEL, base: { service: 'directory' } }),
): DirectoryDeps {
  const database = createDatabase<DirectoryDB>({
    url: config.PG_URL,
    schema: config.DB_SCHEMA,
    poolMax: config.PG_POOL_MAX,
    applicationName: 'directory',
    connectTimeoutMs: config.PG_CONNECT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    statementTimeoutMs: config.PG_STATEMENT_TIMEOUT_MS,
    // The port typeahead is a named statement whose tiers read their indexes by LIKE prefix.
    customPlans: true,
  });
  const redis = createRedis(config.REDIS_URL);
  const queueConnection = createProducerConnection(config.REDIS_URL);
  const workerConnection = createQueueConnection(config.REDIS_URL);
  return {
    config,
    database,
    redis,
    queueConnection,
    workerConnection,
    revocations: new TokenRevocations(redis, config.REDIS_PREFIX),
    relay: new OutboxRelay({
      db: database.db,
      service: 'directory',
      connection: queueConnection,
      workerConnection,
      prefix: queuePrefix(config.REDIS_PREFIX),
      logger,
      pollMs: config.OUTBOX_POLL_MS,
      resendAfterMs: config.OUTBOX_RESEND_SECONDS * 1000,
    }),
    identity: new ServiceClient('identity', config.IDENTITY_URL),
    publicKey,
  };
}

export async function migrate(deps: DirectoryDeps): Promise<string[]> {
  const { db, pool, schema } = deps.database;
  return migrateToLatest(db as Kysely<unknown>, pool, schema, migrations);
}

export async function closeDeps(deps: DirectoryDeps): Promise<void> {
  await deps.relay.stop();
  await deps.database.close();
  deps.redis.disconnect();
  deps.queueConnection.disconnect();
  deps.workerConnection.disconnect();
}
