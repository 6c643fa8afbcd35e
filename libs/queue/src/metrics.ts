import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import { asOutboxDb, type OutboxDb } from './outbox';
import { withTimeout } from './timeout';

/** The BullMQ states a queue's depth is told in. */
export const QUEUE_STATES = ['wait', 'prioritized', 'delayed', 'active', 'failed'] as const;

/**
 * A source that has not answered by then is left out of the scrape: a scrape that outlasts
 * Prometheus's timeout (10 s by default) would lose every series and count the target as down.
 */
const SOURCE_TIMEOUT_MS = 2000;

export interface QueueMetricsOptions {
  /** A connection that fails fast with Redis away (`createProducerConnection`, or `createRedis`'s). */
  connection: Redis;
  prefix: string;
  /** The queues this service produces or consumes (several services may report one queue). */
  queues: string[];
  /** The service's outbox, when it has one. */
  outbox?: OutboxDb;
}

/**
 * Registers the queue depths and, for a service with an outbox, its backlog: gauges read at
 * each scrape. A source that cannot be read (Redis or the database away) leaves its gauge
 * empty for that scrape rather than repeating an old value.
 */
export function registerQueueMetrics(
  registry: Registry,
  opts: QueueMetricsOptions,
): { close(): Promise<void> } {
  let queues: Queue[] | undefined;
  new Gauge({
    name: 'queue_jobs',
    help: 'BullMQ jobs per queue and state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      // Made at the first scrape, so a process nobody scrapes holds no queue objects.
      queues ??= opts.queues.map((name) => {
        const queue = new Queue(name, { connection: opts.connection, prefix: opts.prefix });
        // Redis away shows as empty gauges (and the service's relay and health report it);
        // BullMQ prints an error of a queue nobody listens to on the console.
        queue.on('error', () => undefined);
        return queue;
      });
      await Promise.all(
        queues.map(async (queue) => {
          const counts = await withTimeout(queue.getJobCounts(...QUEUE_STATES), SOURCE_TIMEOUT_MS).catch(
            () => undefined,
          );
          for (const [state, count] of Object.entries(counts ?? {}))
            this.set({ queue: queue.name, state }, count);
        }),
      );
    },
  });
  if (opts.outbox) registerOutboxMetrics(registry, opts.outbox);
  return {
    async close() {
      await Promise.all((queues ?? []).map((q) => q.close()));
    },
  };
}

function registerOutboxMetrics(registry: Registry, outbox: OutboxDb): void {
  const db = asOutboxDb(outbox);
  const read = () =>
    withTimeout(
      db
        .selectFrom('outbox')
        .select([
          sql<string>`count(*) filter (where sent_at is null)`.as('unsent'),
          sql<string>`count(*) filter (where sent_at is not null)`.as('handed_over'),
          sql<number>`coalesce(extract(epoch from now() - min(created_at)), 0)::float8`.as('oldest'),
        ])
        .where('confirmed_at', 'is', null)
        .executeTakeFirstOrThrow(),
      SOURCE_TIMEOUT_MS,
    ).catch(() => undefined);
  // Both gauges are collected in one scrape: the first starts the query, the second shares it.
  let pending: ReturnType<typeof read> | undefined;
  const unconfirmed = () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    return pending;
  };
  new Gauge({
    name: 'outbox_rows',
    help: 'Outbox rows their consumer has not confirmed: unsent (not yet handed to the queue) or unconfirmed (handed over)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const row = await unconfirmed();
      if (!row) return;
      this.set({ state: 'unsent' }, Number(row.unsent));
      this.set({ state: 'unconfirmed' }, Number(row.handed_over));
    },
  });
  new Gauge({
    name: 'outbox_oldest_unconfirmed_seconds',
    help: 'Age of the oldest outbox row its consumer has not confirmed (sent or not); 0 when none, NaN when unreadable',
    registers: [registry],
    async collect() {
      const row = await unconfirmed();
      this.set(row ? Number(row.oldest) : NaN);
    },
  });
}
