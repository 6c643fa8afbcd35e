import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { isFinalMailStatus, jobPayload, QUEUES, type JobPayload } from '@mfd/contracts';
import { confirmOutbox, queuePrefix, startConsumer, type Logger } from '@mfd/queue';
import type { IdentityDB } from '../data/db';

const confirmFinal = (db: Kysely<IdentityDB>, payloads: JobPayload[]) =>
  confirmOutbox(
    db,
    payloads.flatMap((p) => (p.type === 'mail.status' && isFinalMailStatus(p.status) ? [p.job_id] : [])),
  );

/**
 * Hears how identity's mails went: a final status confirms (and scrubs) the mail's outbox row,
 * so the relay stops handing it over again. Idempotent, and each event is acknowledged to the mailer.
 */
export function startMailStatusConsumer(opts: {
  db: Kysely<IdentityDB>;
  connection: Redis;
  redisPrefix: string;
  logger: Logger;
}): Worker {
  return startConsumer({
    queue: QUEUES.identityEvents,
    connection: opts.connection,
    prefix: queuePrefix(opts.redisPrefix),
    schema: jobPayload,
    logger: opts.logger,
    concurrency: 5,
    acknowledge: true,
    handle: (event) => confirmFinal(opts.db, [event]),
    handleBatch: (events) => confirmFinal(opts.db, events),
  });
}
