import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobPayload, QUEUES } from '@mfd/contracts';
import { queuePrefix, startConsumer, type Logger } from '@mfd/queue';
import type { Kysely } from 'kysely';
import type { DirectoryDB } from '../data/db';
import { countInquiry } from '../data/customers.repository';

/** Keeps each customer's inquiry_count current from the inquiry service's events. */
export function startInquiryEvents(opts: { db: Kysely<DirectoryDB>; connection: Redis; redisPrefix: string; logger: Logger }): Worker {
  return startConsumer({
    queue: QUEUES.directoryEvents,
    connection: opts.connection,
    prefix: queuePrefix(opts.redisPrefix),
    schema: jobPayload,
    logger: opts.logger,
    concurrency: 5,
    handle: async (event, job) => {
      if (event.type !== 'inquiry.created') return;
      await countInquiry(opts.db, String(job.id), event.tenant_id, event.customer_id);
    },
  });
}
