import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { isFinalMailStatus, jobPayload, QUEUES, type MailStatusEvent } from '@mfd/contracts';
import { confirmOutbox, queuePrefix, startConsumer, type Logger } from '@mfd/queue';
import type { InquiryDB } from '../data/db';
import { applyMailStatus } from '../data/recipients.repository';

/** Mails whose reference is a recipient id: their delivery is the recipient's, shown on the Suppliers tab. */
const RECIPIENT_TEMPLATES = new Set(['rfq-invitation', 'rfq-amendment']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One mail's status: a supplier invitation or amendment updates its recipient's delivery (an
 * event older than what the row shows changes nothing, so out-of-order delivery is harmless); a
 * final status confirms (and scrubs) the mail's outbox row so the relay stops handing it over.
 */
export async function handleMailStatus(db: Kysely<InquiryDB>, event: MailStatusEvent): Promise<void> {
  if (RECIPIENT_TEMPLATES.has(event.template) && event.reference && UUID.test(event.reference))
    await applyMailStatus(db, event.reference, {
      jobId: event.job_id,
      status: event.status,
      attempts: event.attempts,
      error: event.error ?? null,
      at: new Date(event.at),
    });
  if (isFinalMailStatus(event.status)) await confirmOutbox(db, [event.job_id]);
}

/** Hears how the inquiry service's mails went. Idempotent; each event is acknowledged to the mailer. */
export function startMailStatusConsumer(opts: {
  db: Kysely<InquiryDB>;
  connection: Redis;
  redisPrefix: string;
  logger: Logger;
}): Worker {
  return startConsumer({
    queue: QUEUES.inquiryEvents,
    connection: opts.connection,
    prefix: queuePrefix(opts.redisPrefix),
    schema: jobPayload,
    logger: opts.logger,
    // Enough in flight for their confirmations to travel in batches (AckBatcher).
    concurrency: 20,
    acknowledge: true,
    handle: async (event) => {
      if (event.type === 'mail.status') await handleMailStatus(opts.db, event);
    },
  });
}
