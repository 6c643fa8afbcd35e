import { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import pino from 'pino';
import { QUEUES } from '@mfd/contracts';
import { createDatabase, migrateToLatest, type Database } from '@mfd/db';
import {
  createProducerConnection,
  createQueueConnection,
  MailSecrets,
  OutboxRelay,
  queuePrefix,
} from '@mfd/queue';
import type { MailerConfig } from './config';
import type { MailerDB } from './data/db';
import { Resolver } from 'node:dns/promises';
import type { MailRefs } from './domain/mail-refs';
import { offlineSafeResolver, type DnsResolver } from './domain/spf-check';
import { createMetrics, type MailMetrics } from './metrics';
import { migrations } from './migrations';
import { mailRefsFromConfig } from './refs';
import { createTransport } from './transport';

/** Everything the mailer needs from outside; tests build the same from their harness. */
export interface MailerDeps {
  config: MailerConfig;
  logger: FastifyBaseLogger;
  database: Database<MailerDB>;
  /** Blocking connection for the worker. */
  workerConnection: Redis;
  /** Fail-fast connection for the relay, the metrics and health. */
  producerConnection: Redis;
  queue: Queue;
  relay: OutboxRelay;
  transport: Transporter;
  metrics: MailMetrics;
  secrets: MailSecrets;
  /** Signs and verifies the refs of bounce and reply addresses; null without BOUNCE_DOMAIN and REPLY_DOMAIN. */
  refs: MailRefs | null;
  /** What the inbound listener's SPF check asks DNS (tests give a stub). */
  spfResolver: DnsResolver;
}

/** DNS for SPF: one try per question, bounded; with no DNS to ask, every question is "no record". */
function spfResolver(timeoutMs: number): DnsResolver {
  const resolver = new Resolver({ timeout: Math.min(timeoutMs, 2000), tries: 1 });
  // mailauth's type names TXT answers; it asks A, AAAA and MX too and reads each as node's resolver answers it.
  return offlineSafeResolver((name, type) => resolver.resolve(name, type) as ReturnType<DnsResolver>);
}

export function createDeps(
  config: MailerConfig,
  logger: FastifyBaseLogger = pino({ level: config.LOG_LEVEL, base: { service: 'mailer' } }),
): MailerDeps {
  const database = createDatabase<MailerDB>({
    url: config.PG_URL,
    schema: config.DB_SCHEMA,
    poolMax: config.PG_POOL_MAX,
    applicationName: 'mailer',
  });
  const producerConnection = createProducerConnection(config.REDIS_URL);
  const prefix = queuePrefix(config.REDIS_PREFIX);
  const queue = new Queue(QUEUES.mailSend, { connection: producerConnection, prefix });
  const workerConnection = createQueueConnection(config.REDIS_URL);
  return {
    config,
    logger,
    database,
    workerConnection,
    producerConnection,
    queue,
    relay: new OutboxRelay({
      db: database.db,
      service: 'mailer',
      connection: producerConnection,
      workerConnection,
      prefix,
      logger,
      pollMs: config.OUTBOX_POLL_MS,
      // A status row per mail: passes 50 ms apart carry a busy mailer's statuses in few jobs.
      kickDelayMs: 50,
      resendAfterMs: config.OUTBOX_RESEND_SECONDS * 1000,
    }),
    transport: createTransport(config),
    metrics: createMetrics(),
    secrets: MailSecrets.fromConfig(config),
    refs: mailRefsFromConfig(config),
    spfResolver: spfResolver(config.INBOUND_SPF_TIMEOUT_MS),
  };
}

export async function migrate(deps: MailerDeps): Promise<string[]> {
  const { db, pool, schema } = deps.database;
  return migrateToLatest(db as Kysely<unknown>, pool, schema, migrations);
}

export async function closeDeps(deps: MailerDeps): Promise<void> {
  await deps.relay.stop();
  await deps.queue.close();
  deps.transport.close();
  await deps.database.close();
  deps.workerConnection.disconnect();
  deps.producerConnection.disconnect();
}
