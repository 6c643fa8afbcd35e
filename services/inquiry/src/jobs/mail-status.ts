import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { isFinalMailStatus, jobPayload, QUEUES, type JobPayload, type MailStatusEvent } from '@mfd/contracts';
import { confirmOutbox, queuePrefix, startConsumer, type Logger } from '@mfd/queue';
import type { InquiryDB } from '../data/db';
import { applyMailStatuses } from '../data/recipients.repository';
import { handlePortsMerged } from './ports-merged';

/** Mails whose reference is a recipient id: their delivery is the recipient's, shown on the Suppliers tab. */
const RECIPIENT_TEMPLATES = new Set(['rfq-invitation', 'rfq-amendment']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Mails' statuses: a supplier invitation or amendment updates its recipient's delivery (an event
 * older than what the row shows changes nothing, so out-of-order delivery is harmless); a final
 * status confirms (and scrubs) the mail's outbox row so the relay stops handing it over.
 */
export async function handleMailStatuses(db: Kysely<InquiryDB>, events: MailStatusEvent[]): Promise<void> {
  await applyMailStatuses(
    db,
    events
      .filter((e) => RECIPIENT_TEMPLATES.has(e.template) && e.reference && UUID.test(e.reference))
      .map((e) => ({
        recipientId: e.reference!,
        jobId: e.job_id,
        status: e.status,
        attempts: e.attempts,
        error: e.error ?? null,
        at: new Date(e.at),
      })),
  );
  await confirmOutbox(
    db,
    events.filter((e) => isFinalMailStatus(e.status)).map((e) => e.job_id),
  );
}

const mailStatuses = (payloads: JobPayload[]) =>
  payloads.filter((p): p is MailStatusEvent => p.type === 'mail.status');

/**
 * The inquiry service's events: how its mails went (acknowledged to the mailer), and the
 * directory's port merges (jobs/ports-merged.ts). Idempotent; each event is acknowledged to its producer.
 */
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
    handle: (event) =>
      event.type === 'directory.ports-merged'
        ? handlePortsMerged(opts.db, event, opts.logger)
        : handleMailStatuses(opts.db, mailStatuses([event])),
    handleBatch: (events) => handleMailStatuses(opts.db, mailStatuses(events)),
  });
}
