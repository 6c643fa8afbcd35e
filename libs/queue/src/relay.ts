import { createHash } from 'node:crypto';
import { Queue, type JobsOptions, type Worker } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import {
  BATCHED_PAYLOAD_TYPES,
  MAX_JOB_BATCH,
  OUTBOX_BATCH_JOB,
  outboxAck,
  outboxAckQueue,
  QUEUES,
  type JobPayload,
  type OutboxBatch,
  type OutboxService,
} from '@mfd/contracts';
import { asOutboxDb, confirmOutbox, type OutboxDb, type OutboxTable, type WithOutbox } from './outbox';
import { withTimeout } from './timeout';
import { startConsumer, type Logger } from './worker';

/** Retry policy a job is born with. Mail retries for about ten minutes before it is given up. */
export const DEFAULT_JOB_OPTIONS: Record<string, JobsOptions> = {
  [QUEUES.mailSend]: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { age: 3600, count: 5000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
  default: {
    attempts: 10,
    backoff: { type: 'exponential', delay: 1_000 },
    removeOnComplete: { age: 3600, count: 5000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  },
};

export interface RelayOptions {
  db: OutboxDb;
  /** Whose outbox this is: its consumers confirm rows on `outbox.ack.<service>`. */
  service: OutboxService;
  /** A producer connection (`createProducerConnection`), so a Redis outage fails a pass fast. */
  connection: Redis;
  /** A worker connection (`createQueueConnection`) for the confirmations' consumer. */
  workerConnection: Redis;
  prefix: string;
  logger: Logger;
  pollMs?: number;
  /**
   * How long a kick waits for company before the pass it starts (default 0: kicks during a pass
   * share the next one). A producer committing one row at a time at a high rate (the mailer, a
   * status per mail) waits a little, so its pass carries many.
   */
  kickDelayMs?: number;
  batchSize?: number;
  /** A row handed over this long ago and still unconfirmed is handed over again (its job may be lost). */
  resendAfterMs?: number;
  /** How often the number of rows awaiting confirmation is logged while there are any. */
  backlogLogMs?: number;
  /** Confirmed rows are kept this long for inspection (scrubbed), then deleted. */
  retainConfirmedMs?: number;
  jobOptions?: Record<string, JobsOptions>;
  /** A queue add that has not answered by then fails the pass (BullMQ waits for a connection forever). */
  addTimeoutMs?: number;
}

export interface OutboxBacklog {
  /** Rows handed to the queue and not yet confirmed by their consumer. */
  awaiting: number;
  oldestSeconds: number | null;
}

export const DEFAULT_RESEND_AFTER_MS = 120_000;

type RelayedRow = Pick<OutboxTable, 'id' | 'queue' | 'payload' | 'request_id'> & { attempts: number };

/**
 * One id per hand-over of these rows (their attempt counts are in it): a batch handed over again
 * is a new job even while the old one is kept, failed, by a consumer that could not read it. BullMQ
 * ids may not contain ':'.
 */
function batchJobId(rows: RelayedRow[]): string {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(`${row.id}/${row.attempts},`);
  return `batch-${hash.digest('hex').slice(0, 32)}`;
}

/** A job's data: the payload, and the request that caused it for the consumer's logs (`jobRequestId`). */
function withTrace(payload: JobPayload, requestId: string | null): JobPayload & { request_id?: string } {
  return requestId === null ? payload : { ...payload, request_id: requestId };
}

/**
 * Moves committed outbox rows to BullMQ with jobId = outbox id. A row is done only when its
 * consumer confirms it (an `outbox.ack` job, or for mail a final `mail.status` event the service
 * feeds to `confirmOutbox`); one handed over `resendAfterMs` ago and unconfirmed is added again,
 * so a job Redis lost (restart without data, failover, eviction) is not lost. The fixed job id
 * makes an add of a job still queued a no-op, and consumers are idempotent by job id. Rows are
 * claimed with SKIP LOCKED, so several replicas relay side by side.
 */
export class OutboxRelay {
  private readonly queues = new Map<string, Queue>();
  /** Queues whose connection finished BullMQ's set-up; only these may be closed (see `stop`). */
  private readonly readyQueues = new Set<Queue>();
  private timer: NodeJS.Timeout | undefined;
  private kickTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private acks: Worker | undefined;
  private again = false;
  private stopped = false;
  private lastPurge = 0;
  private lastBacklogLog = 0;

  private readonly db: Kysely<WithOutbox>;

  constructor(private readonly opts: RelayOptions) {
    this.db = asOutboxDb(opts.db);
  }

  start(): void {
    this.stopped = false;
    this.acks = startConsumer({
      queue: outboxAckQueue(this.opts.service),
      connection: this.opts.workerConnection,
      prefix: this.opts.prefix,
      schema: outboxAck,
      logger: this.opts.logger,
      concurrency: 10,
      handle: (ack) => confirmOutbox(this.db, ack.ids),
    });
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? 1000);
    this.kick();
  }

  /**
   * Relays soon (after a commit) instead of waiting for the next poll. Kicks within `kickDelayMs`
   * of the first share one pass, and kicks during a pass share the next, which waits as long: a
   * mailer finishing mails one by one would otherwise spend a transaction on each status row (a
   * pass started again at once after each found the three or four rows written while it ran).
   */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.kickTimer ??= setTimeout(() => {
      this.kickTimer = undefined;
      if (this.stopped) return;
      this.running = this.loop().finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
    }, this.opts.kickDelayMs ?? 0);
  }

  /** Relays everything due (new rows, and unconfirmed ones past `resendAfterMs`); tests and shutdown use it. */
  async flush(): Promise<number> {
    await this.running;
    let total = 0;
    for (;;) {
      const moved = await this.relayBatch();
      total += moved;
      if (moved === 0) return total;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    clearTimeout(this.kickTimer);
    await this.running;
    await this.acks?.close();
    // BullMQ drops a shared connection's listeners on close; a set-up still waiting for Redis would
    // then fail with nobody listening (an unhandled rejection). Such a queue is left to fail into
    // its logged 'error' listener when the connection ends.
    await Promise.all([...this.readyQueues].map((q) => q.close()));
    this.queues.clear();
    this.readyQueues.clear();
  }

  private async loop(): Promise<void> {
    const size = this.opts.batchSize ?? 100;
    try {
      // A full batch leaves more due: on at once. Rows written since the pass began have kicked.
      while ((await this.relayBatch()) === size && !this.stopped);
      await this.purge();
      await this.logBacklog();
    } catch (err) {
      this.opts.logger.warn({ err }, 'outbox relay pass failed; will retry');
    }
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.opts.connection, prefix: this.opts.prefix });
      // Redis away is a failed pass (the row waits for the next); without a listener the queue's
      // connection error would surface as an unhandled rejection and could bring the process down.
      queue.on('error', (err) =>
        this.opts.logger.warn({ queue: name, err: err.message }, 'queue connection error'),
      );
      const created = queue;
      created.waitUntilReady().then(
        () => this.readyQueues.add(created),
        () => undefined,
      );
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Rows handed over and not confirmed yet, and how long the oldest has waited. */
  async backlog(): Promise<OutboxBacklog> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn.countAll<string>().as('awaiting'),
        sql<number | null>`extract(epoch from now() - min(created_at))::int`.as('oldest'),
      ])
      .where('confirmed_at', 'is', null)
      .where('sent_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return { awaiting: Number(row.awaiting), oldestSeconds: row.oldest === null ? null : Number(row.oldest) };
  }

  private async logBacklog(): Promise<void> {
    if (Date.now() - this.lastBacklogLog < (this.opts.backlogLogMs ?? 60_000)) return;
    this.lastBacklogLog = Date.now();
    const { awaiting, oldestSeconds } = await this.backlog();
    if (awaiting > 0) this.opts.logger.info({ awaiting, oldestSeconds }, 'outbox rows await confirmation');
  }

  private async relayBatch(): Promise<number> {
    const resendAfter = this.opts.resendAfterMs ?? DEFAULT_RESEND_AFTER_MS;
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .select(['id', 'queue', 'payload', 'sent_at', 'request_id', 'attempts'])
        .where('confirmed_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('sent_at', 'is', null),
            eb('sent_at', '<', sql<Date>`now() - make_interval(secs => ${resendAfter / 1000})`),
          ]),
        )
        .orderBy('created_at')
        .limit(this.opts.batchSize ?? 100)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return 0;
      await withTimeout(this.handOver(rows), this.opts.addTimeoutMs ?? 5000);
      await trx
        .updateTable('outbox')
        .set({ sent_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1` })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      const again = rows.filter((r) => r.sent_at !== null).length;
      if (again > 0)
        this.opts.logger.warn(
          { rows: again, resendAfterMs: resendAfter },
          'outbox rows handed over again: not confirmed in time',
        );
      return rows.length;
    });
  }

  /**
   * Adds a pass's rows to their queues, one round trip per queue: rows of a batched type
   * (`BATCHED_PAYLOAD_TYPES`) travel together in `outbox.batch` jobs, the rest one job per row.
   */
  private async handOver(rows: RelayedRow[]): Promise<void> {
    const options = this.opts.jobOptions ?? DEFAULT_JOB_OPTIONS;
    const byQueue = new Map<string, RelayedRow[]>();
    for (const row of rows) {
      const queued = byQueue.get(row.queue);
      if (queued) queued.push(row);
      else byQueue.set(row.queue, [row]);
    }
    const batchedType = (row: RelayedRow) => BATCHED_PAYLOAD_TYPES.has(row.payload.type);
    await Promise.all(
      [...byQueue].map(([queue, queued]) => {
        const opts = options[queue] ?? options.default;
        const batched = queued.filter(batchedType);
        const jobs: { name: string; data: object; opts: JobsOptions }[] = queued
          .filter((row) => !batchedType(row))
          .map((row) => ({
            name: row.payload.type,
            data: withTrace(row.payload, row.request_id),
            opts: { ...opts, jobId: row.id },
          }));
        for (let i = 0; i < batched.length; i += MAX_JOB_BATCH) {
          const items = batched.slice(i, i + MAX_JOB_BATCH);
          const data: OutboxBatch = {
            items: items.map((row) => ({ id: row.id, payload: row.payload, request_id: row.request_id })),
          };
          jobs.push({ name: OUTBOX_BATCH_JOB, data, opts: { ...opts, jobId: batchJobId(items) } });
        }
        return this.queue(queue).addBulk(jobs);
      }),
    );
  }

  private async purge(): Promise<void> {
    const retain = this.opts.retainConfirmedMs ?? 3_600_000;
    if (Date.now() - this.lastPurge < 60_000) return;
    this.lastPurge = Date.now();
    await this.db
      .deleteFrom('outbox')
      .where('confirmed_at', '<', new Date(Date.now() - retain))
      .execute();
  }
}
