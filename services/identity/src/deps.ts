import { createDatabase, migrateToLatest, type Database } from '@mfd/db';
import {
  createProducerConnection,
  createQueueConnection,
  MailSecrets,
  OutboxRelay,
  queuePrefix,
} from '@mfd/queue';
import { createRedis, loadPrivateKey, loadPublicKey, TokenRevocations } from '@mfd/service-kit';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type { IdentityConfig } from './config';
import type { IdentityDB } from './data/db';
import { migrations } from './migrations';

/** Everything the identity app needs from outside; tests build the same from their harness. */
export interface IdentityDeps {
  config: IdentityConfig;
  database: Database<IdentityDB>;
  redis: Redis;
  queueConnection: Redis;
  /** Blocking connection for the consumers (outbox confirmations, mail status). */
  workerConnection: Redis;
  revocations: TokenRevocations;
  relay: OutboxRelay;
  mailSecrets: MailSecrets;
  keys: { publicKey: string; privateKey: string };
}

export function createDeps(
  config: IdentityConfig,
  keys = { publicKey: loadPublicKey(config), privateKey: loadPrivateKey(config) },
  logger: FastifyBaseLogger = pino({ level: config.LOG_LEVEL, base: { service: 'identity' } }),
): IdentityDeps {
  const database = createDatabase<IdentityDB>({
    url: config.PG_URL,
    schema: config.DB_SCHEMA,
    poolMax: config.PG_POOL_MAX,
    applicationName: 'identity',
  });
  const redis = createRedis(config.REDIS_URL);
  const queueConnection = createProducerConnection(config.REDIS_URL);
  const workerConnection = createQueueConnection(config.REDIS_URL);
  const relay = new OutboxRelay({
    db: database.db,
    service: 'identity',
    connection: queueConnection,
    workerConnection,
    prefix: queuePrefix(config.REDIS_PREFIX),
    logger,
    pollMs: config.OUTBOX_POLL_MS,
    resendAfterMs: config.OUTBOX_RESEND_SECONDS * 1000,
  });
  const revocations = new TokenRevocations(redis, config.REDIS_PREFIX);
  const mailSecrets = MailSecrets.fromConfig(config);
  return {
    config,
    database,
    redis,
    queueConnection,
    workerConnection,
    revocations,
    relay,
    mailSecrets,
    keys,
  };
}

export async function migrate(deps: IdentityDeps): Promise<string[]> {
  const { db, pool, schema } = deps.database;
  return migrateToLatest(db as Kysely<unknown>, pool, schema, migrations);
}

export async function closeDeps(deps: IdentityDeps): Promise<void> {
  await deps.relay.stop();
  await deps.database.close();
  deps.redis.disconnect();
  deps.queueConnection.disconnect();
  deps.workerConnection.disconnect();
}
