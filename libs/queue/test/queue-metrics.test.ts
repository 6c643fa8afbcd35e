import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@mfd/contracts';
import { createDatabase, migrateToLatest } from '@mfd/db';
import {
  addOutboxConfirmation,
  createOutboxTable,
  createProducerConnection,
  queuePrefix,
  registerQueueMetrics,
  type WithOutbox,
} from '@mfd/queue';
import { dropSchemas, testInfra, uniqueRedisPrefix, uniqueSchema } from '@mfd/testing';

/** The value of one series in a scrape, found by its name and labels. */
function value(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split('\n')) {
    const match = /^([a-z_:]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (match[2] ?? '').split(',').includes(`${k}="${v}"`));
    if (has) return Number(match[3]);
  }
  return undefined;
}

describe('queue and outbox metrics', () => {
  const schema = uniqueSchema('queuemetrics');
  const prefix = queuePrefix(uniqueRedisPrefix());
  const database = createDatabase<WithOutbox>({ url: testInfra().pgUrl, schema });
  const connection = createProducerConnection(testInfra().redisUrl);
  const queue = new Queue(QUEUES.mailSend, { connection, prefix });
  const registry = new Registry();
  const metrics = registerQueueMetrics(registry, {
    connection,
    prefix,
    queues: [QUEUES.mailSend, QUEUES.directoryEvents],
    outbox: database.db,
  });
  const insertRow = (minutesAgo: number, sent: boolean, confirmed: boolean) =>
    sql`insert into outbox (id, queue, payload, created_at, sent_at, confirmed_at)
        values (${randomUUID()}, 'directory.events', '{}'::jsonb, now() - make_interval(mins => ${minutesAgo}),
                ${sent ? sql`now()` : null}, ${confirmed ? sql`now()` : null})`.execute(database.db);

  beforeAll(async () => {
    await migrateToLatest(database.db as Kysely<unknown>, database.pool, schema, {
      '0001-outbox': { up: createOutboxTable },
      '0002-outbox-confirmation': { up: addOutboxConfirmation },
    });
  });
  afterAll(async () => {
    await metrics.close();
    await queue.close();
    connection.disconnect();
    await database.close();
    await dropSchemas(testInfra().pgUrl, [schema]);
  });

  it('when the outbox is empty, then no row waits and the oldest age is 0', async () => {
    const body = await registry.metrics();
    expect(value(body, 'outbox_rows', { state: 'unsent' })).toBe(0);
    expect(value(body, 'outbox_rows', { state: 'unconfirmed' })).toBe(0);
    expect(value(body, 'outbox_oldest_unconfirmed_seconds')).toBe(0);
  });

  it('when rows wait and jobs are queued, then the gauges count them per state and age the oldest unconfirmed row', async () => {
    await insertRow(10, false, false);
    await insertRow(3, true, false);
    await insertRow(60, true, true);
    await queue.add('mail.send', {}, { jobId: randomUUID() });
    await queue.add('mail.send', {}, { jobId: randomUUID(), delay: 60_000 });

    const body = await registry.metrics();
    expect(value(body, 'outbox_rows', { state: 'unsent' })).toBe(1);
    expect(value(body, 'outbox_rows', { state: 'unconfirmed' })).toBe(1);
    // The confirmed row an hour old does not count: the oldest unconfirmed is the unsent one.
    const oldest = value(body, 'outbox_oldest_unconfirmed_seconds') ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(3600);
    expect(value(body, 'queue_jobs', { queue: 'mail.send', state: 'wait' })).toBe(1);
    expect(value(body, 'queue_jobs', { queue: 'mail.send', state: 'delayed' })).toBe(1);
    expect(value(body, 'queue_jobs', { queue: 'directory.events', state: 'wait' })).toBe(0);
  });

  it('when Redis cannot be reached, then the scrape still answers, without queue depths', async () => {
    // Nothing listens on port 1: the connection is refused, as with Redis down.
    const away = createProducerConnection('redis://127.0.0.1:1');
    away.on('error', () => undefined);
    const own = new Registry();
    const ownMetrics = registerQueueMetrics(own, { connection: away, prefix, queues: [QUEUES.mailSend] });
    try {
      const body = await own.metrics();
      expect(body).toContain('# TYPE queue_jobs gauge');
      expect(value(body, 'queue_jobs', { queue: 'mail.send' })).toBeUndefined();
    } finally {
      away.disconnect();
      await ownMetrics.close().catch(() => undefined);
    }
  });

  it('when scraped, then both outbox gauges come from one query', async () => {
    let queries = 0;
    const counting = database.db.withPlugin({
      transformQuery: ({ node }) => {
        queries++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const own = new Registry();
    const ownMetrics = registerQueueMetrics(own, { connection, prefix, queues: [], outbox: counting });
    try {
      const body = await own.metrics();
      expect(value(body, 'outbox_rows', { state: 'unsent' })).toBeDefined();
      expect(value(body, 'outbox_oldest_unconfirmed_seconds')).toBeDefined();
      expect(queries).toBe(1);
      await own.metrics();
      expect(queries).toBe(2);
    } finally {
      await ownMetrics.close();
    }
  });
});
