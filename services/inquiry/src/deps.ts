import { createDatabase, migrateToLatest, type Database } from '@mfd/db';
import {
  createProducerConnection,
  createQueueConnection,
  MailSecrets,
  OutboxRelay,
  queuePrefix,
} from '@mfd/queue';
import { createRedis, loadPublicKey, ServiceClient, TokenRevocations } from '@mfd/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type { InquiryConfig } from './config';
import type { InquiryDB } from './data/db';
import { migrations } from './migrations';

/** Everything the inquiry app needs from outside; tests build the same from their harness. */
export interface InquiryDeps {
  config: InquiryConfig;
  database: Database<InquiryDB>;
  redis: Redis;
  queueConnection: Redis;
  /** Blocking connection for the consumers (outbox confirmations, mail status). */
  workerConnection: Redis;
  revocations: TokenRevocations;
  relay: OutboxRelay;
  publicKey: string;
  directory: ServiceClient;
  identity: ServiceClient;
  /** Seals the offer-link tokens that travel in mail jobs. */
  mailSecrets: MailSecrets;
}

export function createDeps(
  config: InquiryConfig,
  publicKey = loadPublicKey(config),
  logger: FastifyBaseLogger = pino({ level: config.LOG_LEVEL, base: { service: 'inquiry' } }),
): InquiryDeps {
  const database = createDatabase<InquiryDB>({
    url: config.PG_URL,
    schema: config.DB_SCHEMA,
    poolMax: config.PG_POOL_MAX,
    applicationName: 'inquiry',
  });
  const redis = createRedis(config.REDIS_URL);
  const queueConnection = createProducerConnection(config.REDIS_URL);
  const workerConnection = createQueueConnection(config.REDIS_URL);
  const relay = new OutboxRelay({
    db: database.db,
    service: 'inquiry',
    connection: queueConnection,
    workerConnection,
    prefix: queuePrefix(config.REDIS_PREFIX),
    logger,
    pollMs: config.OUTBOX_POLL_MS,
    resendAfterMs: config.OUTBOX_RESEND_SECONDS * 1000,
  });
  return {
    config,
    database,
    redis,
    queueConnection,
    workerConnection,
    revocations: new TokenRevocations(redis, config.REDIS_PREFIX),
    relay,
    publicKey,
    directory: new ServiceClient('directory', config.DIRECTORY_URL),
    identity: new ServiceClient('identity', config.IDENTITY_URL),
    mailSecrets: MailSecrets.fromConfig(config),
  };
}

export async function migrate(deps: InquiryDeps): Promise<string[]> {
  const { db, pool, schema } = deps.database;
  return migrateToLatest(db as Kysely<unknown>, pool, schema, migrations);
}

export async function closeDeps(deps: InquiryDeps): Promise<void> {
  await deps.relay.stop();
  await deps.database.close();
  deps.redis.disconnect();
  deps.queueConnection.disconnect();
  deps.workerConnection.disconnect();
}
