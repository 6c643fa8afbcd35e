import { Queue, type JobsOptions } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { QUEUES } from '@mfd/contracts';
import { asOutboxDb, type OutboxDb, type WithOutbox } from './outbox';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

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
  /** A producer connection (`createProducerConnection`), so a Redis outage fails a pass fast. */
  connection: Redis;
  prefix: string;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** Sent rows are kept this long for inspection, then deleted (they may hold one-time links). */
  retainSentMs?: number;
  jobOptions?: Record<string, JobsOptions>;
  /** A queue add that has not answered by then fails the pass (BullMQ waits for a connection forever). */
  addTimeoutMs?: number;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`queue did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Moves committed outbox rows to BullMQ with jobId = outbox id and marks them sent. Rows are
 * claimed with SKIP LOCKED, so several replicas relay side by side without sending twice; a
 * failed add leaves the row for the next pass, and the fixed job id keeps that from doubling.
 */
export class OutboxRelay {
  private readonly queues = new Map<string, Queue>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastPurge = 0;

  private readonly db: Kysely<WithOutbox>;

  constructor(private readonly opts: RelayOptions) {
    this.db = asOutboxDb(opts.db);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? 1000);
    this.kick();
  }

  /** Relays now (after a commit) instead of waiting for the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Relays everything pending; tests and shutdown use it. */
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
    await this.running;
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        while ((await this.relayBatch()) > 0 && !this.stopped);
        await this.purge();
      } catch (err) {
        this.opts.logger.warn({ err }, 'outbox relay pass failed; will retry');
      }
    } while (this.again && !this.stopped);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.opts.connection, prefix: this.opts.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  private async relayBatch(): Promise<number> {
    const options = this.opts.jobOptions ?? DEFAULT_JOB_OPTIONS;
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('outbox')
        .select(['id', 'queue', 'payload'])
        .where('sent_at', 'is', null)
        .orderBy('created_at')
        .limit(this.opts.batchSize ?? 100)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return 0;
      for (const row of rows) {
        await withTimeout(
          this.queue(row.queue).add(row.payload.type, row.payload, {
            ...(options[row.queue] ?? options.default),
            jobId: row.id,
          }),
          this.opts.addTimeoutMs ?? 5000,
        );
      }
      await trx
        .updateTable('outbox')
        .set({ sent_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1` })
        .where('id', 'in', rows.map((r) => r.id))
        .execute();
      return rows.length;
    });
  }

  private async purge(): Promise<void> {
    const retain = this.opts.retainSentMs ?? 3_600_000;
    if (Date.now() - this.lastPurge < 60_000) return;
    this.lastPurge = Date.now();
    await this.db
      .deleteFrom('outbox')
      .where('sent_at', '<', new Date(Date.now() - retain))
      .execute();
  }
}
