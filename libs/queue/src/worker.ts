import { UnrecoverableError, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { Logger } from './relay';

export interface ConsumerOptions<S extends z.ZodType> {
  queue: string;
  connection: Redis;
  prefix: string;
  schema: S;
  logger: Logger;
  concurrency?: number;
  settings?: WorkerOptions['settings'];
  handle: (payload: z.infer<S>, job: Job) => Promise<unknown>;
}

/**
 * A BullMQ worker whose payloads are checked with their zod schema when taken: a payload
 * that does not parse can never succeed, so it fails at once instead of retrying.
 */
export function startConsumer<S extends z.ZodType>(opts: ConsumerOptions<S>): Worker {
  const worker = new Worker(
    opts.queue,
    async (job) => {
      const parsed = opts.schema.safeParse(job.data);
      if (!parsed.success) {
        throw new UnrecoverableError(`invalid ${opts.queue} payload: ${parsed.error.message}`);
      }
      return opts.handle(parsed.data, job);
    },
    {
      connection: opts.connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency ?? 1,
      ...(opts.settings ? { settings: opts.settings } : {}),
    },
  );
  worker.on('failed', (job, err) => {
    opts.logger.error(
      { queue: opts.queue, jobId: job?.id, attemptsMade: job?.attemptsMade, err },
      'job failed',
    );
  });
  worker.on('error', (err) => opts.logger.error({ queue: opts.queue, err }, 'worker error'));
  return worker;
}
