import { Queue, UnrecoverableError, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import {
  jobPayload,
  jobProducer,
  OUTBOX_BATCH_JOB,
  outboxAckQueue,
  outboxBatch,
  type OutboxAckBatch,
  type OutboxService,
} from '@mfd/contracts';
import { AckBatcher } from './ack-batch';
import { jobRequestId, withRequestId } from './request-id';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ConsumerOptions<S extends z.ZodType> {
  queue: string;
  connection: Redis;
  prefix: string;
  schema: S;
  logger: Logger;
  concurrency?: number;
  settings?: WorkerOptions['settings'];
  /** BullMQ's lock of an active job (ms); a dead worker's job is taken up again within 1.5 times it. */
  lockDuration?: number;
  /** Times a job may be taken up again after its worker died before it fails. */
  maxStalledCount?: number;
  /**
   * Confirms each handled job to the outbox it came from (`outbox.ack.<producer>`), so the
   * producer stops handing it over again. `handle` must then be idempotent by job id: a job Redis
   * lost, or whose confirmation was lost, comes again.
   */
  acknowledge?: boolean;
  handle: (payload: z.infer<S>, job: Job) => Promise<unknown>;
  /**
   * Handles the payloads of an `outbox.batch` job together (in one statement, say); without it,
   * `handle` takes them one by one, each under its row's request id. Idempotent like `handle`; it
   * runs under no request id, so outbox rows it writes carry none; `requestIds` holds each
   * payload's (in order) for what records them itself, and `ids` each one's outbox id (what a
   * single job's id is: the key of an idempotent handler).
   */
  handleBatch?: (
    payloads: z.infer<S>[],
    job: Job,
    requestIds: (string | null)[],
    ids: string[],
  ) => Promise<unknown>;
}

/**
 * A BullMQ worker whose payloads are checked with their zod schema when taken: a payload
 * that does not parse can never succeed, so it fails at once instead of retrying.
 */
export function startConsumer<S extends z.ZodType>(opts: ConsumerOptions<S>): Worker {
  const ackQueues = new Map<OutboxService, Queue<OutboxAckBatch>>();
  const batchers = new Map<OutboxService, AckBatcher>();
  const acknowledge = async (id: string, payload: unknown) => {
    const parsed = jobPayload.safeParse(payload);
    if (!parsed.success) return;
    const producer = jobProducer(parsed.data);
    let batcher = batchers.get(producer);
    if (!batcher) {
      const queue = new Queue<OutboxAckBatch>(outboxAckQueue(producer), {
        connection: opts.connection,
        prefix: opts.prefix,
      });
      // The worker on the same connection logs its errors, and a failed add fails the job (also
      // logged); BullMQ would print an error of a queue nobody listens to on the console.
      queue.on('error', () => undefined);
      ackQueues.set(producer, queue);
      batcher = new AckBatcher(queue);
      batchers.set(producer, batcher);
    }
    await batcher.confirm(id);
  };
  /** The rows of a relay pass: each item is checked, handled and confirmed on its own outbox id. */
  const processBatch = async (job: Job) => {
    const batch = outboxBatch.safeParse(job.data);
    if (!batch.success) {
      throw new UnrecoverableError(`invalid ${OUTBOX_BATCH_JOB} job: ${batch.error.message}`);
    }
    const items: { id: string; payload: z.infer<S>; requestId: string | null }[] = [];
    for (const item of batch.data.items) {
      const parsed = opts.schema.safeParse(item.payload);
      // One bad row must not hold up the others; it stays unconfirmed at its producer, and logged.
      if (parsed.success)
        items.push({ id: item.id, payload: parsed.data, requestId: item.request_id ?? null });
      else
        opts.logger.error(
          { queue: opts.queue, jobId: job.id, outboxId: item.id, err: parsed.error.message },
          'invalid payload in a batch: left unconfirmed',
        );
    }
    if (opts.handleBatch) {
      if (items.length > 0)
        await opts.handleBatch(
          items.map((item) => item.payload),
          job,
          items.map((item) => item.requestId),
          items.map((item) => item.id),
        );
    } else
      for (const item of items) await withRequestId(item.requestId, () => opts.handle(item.payload, job));
    if (opts.acknowledge) await Promise.all(items.map((item) => acknowledge(item.id, item.payload)));
  };
  const worker = new Worker(
    opts.queue,
    async (job) => {
      if (job.name === OUTBOX_BATCH_JOB) return processBatch(job);
      const parsed = opts.schema.safeParse(job.data);
      if (!parsed.success) {
        throw new UnrecoverableError(`invalid ${opts.queue} payload: ${parsed.error.message}`);
      }
      // Outbox rows the handler writes carry on the request that caused this job.
      const result = await withRequestId(jobRequestId(job), () => opts.handle(parsed.data, job));
      // A failed confirmation fails the job: it runs again (idempotently) and confirms then.
      if (opts.acknowledge) await acknowledge(String(job.id), job.data);
      return result;
    },
    {
      connection: opts.connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency ?? 1,
      ...(opts.lockDuration
        ? { lockDuration: opts.lockDuration, stalledInterval: Math.ceil(opts.lockDuration / 2) }
        : {}),
      ...(opts.maxStalledCount ? { maxStalledCount: opts.maxStalledCount } : {}),
      ...(opts.settings ? { settings: opts.settings } : {}),
    },
  );
  worker.on('failed', (job, err) => {
    opts.logger.error(
      {
        queue: opts.queue,
        jobId: job?.id,
        request_id: job ? jobRequestId(job) : null,
        attemptsMade: job?.attemptsMade,
        err,
      },
      'job failed',
    );
  });
  worker.on('error', (err) => opts.logger.error({ queue: opts.queue, err }, 'worker error'));
  worker.on('closed', () => {
    for (const queue of ackQueues.values()) void queue.close();
  });
  return worker;
}
