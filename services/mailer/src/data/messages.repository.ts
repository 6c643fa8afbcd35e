import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { JobPayload, MailStatus, MailStatusEvent, QueueName } from '@mfd/contracts';
import { outboxRows } from '@mfd/queue';
import type { MailerDB, MessagesTable } from './db';

export interface NewMessage {
  job_id: string;
  source: string;
  template: string;
  recipient: string;
  reference: string | null;
  tenant_id: string | null;
}

/**
 * Records the job's message the first time it is seen and takes it for sending, in one
 * statement: a new message, a queued or retrying one, or one whose previous sender's lease ran
 * out (a dead worker, which may have handed the mail over before dying: remembered in
 * maybe_delivered). Of two workers holding the same job, one gets the row; the other gets nothing.
 */
export function takeMessage(db: Kysely<MailerDB>, message: NewMessage, leaseSeconds: number) {
  const lease = sql<Date>`now() + make_interval(secs => ${leaseSeconds})`;
  return db
    .insertInto('messages')
    .values({ id: randomUUID(), ...message, status: 'sending', attempts: 1, lease_until: lease })
    .onConflict((oc) =>
      oc
        .column('job_id')
        .doUpdateSet({
          status: 'sending',
          attempts: sql<number>`messages.attempts + 1`,
          lease_until: lease,
          maybe_delivered: sql<boolean>`messages.maybe_delivered or messages.status = 'sending'`,
          updated_at: sql<Date>`now()`,
        })
        .where((eb) =>
          eb.or([
            eb('messages.status', 'in', ['queued', 'retrying']),
            eb.and([
              eb('messages.status', '=', 'sending'),
              eb('messages.lease_until', '<', sql<Date>`now()`),
            ]),
          ]),
        ),
    )
    .returning(['id', 'attempts', 'maybe_delivered'])
    .executeTakeFirst();
}

/** Keeps the lease while a send is in progress, so a slow server does not look like a dead sender. */
export async function renewLease(db: Kysely<MailerDB>, id: string, leaseSeconds: number): Promise<void> {
  await db
    .updateTable('messages')
    .set({ lease_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

export function findMessageByJob(db: Kysely<MailerDB>, jobId: string) {
  return db.selectFrom('messages').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

/** A message's outcome and the `mail.status` row reporting it, in one statement, so one is never written without the other. */
async function settle(
  db: Kysely<MailerDB>,
  id: string,
  changes: Updateable<MessagesTable>,
  report: StatusReport,
): Promise<void> {
  const row = outboxRows(report.queue, [report.event])[0]!;
  await db
    .with('settled', (qb) => qb.updateTable('messages').set(changes).where('id', '=', id).returning('id'))
    .insertInto('outbox')
    .columns(['id', 'queue', 'payload', 'request_id'])
    .expression((eb) =>
      eb
        .selectFrom('settled')
        .select([
          eb.val(row.id).as('id'),
          eb.val(row.queue).as('queue'),
          sql<JobPayload>`${JSON.stringify(row.payload)}::jsonb`.as('payload'),
          sql<string | null>`${row.request_id ?? null}::text`.as('request_id'),
        ]),
    )
    .execute();
}

/** The `mail.status` event that tells the producer, and its queue. */
export interface StatusReport {
  queue: QueueName;
  event: MailStatusEvent;
}

export function markSent(
  db: Kysely<MailerDB>,
  id: string,
  sent: { subject: string; smtpMessageId: string | null },
  report: StatusReport,
): Promise<void> {
  const now = new Date();
  const changes = {
    status: 'sent',
    subject: sent.subject,
    smtp_message_id: sent.smtpMessageId,
    sent_at: now,
    lease_until: null,
    last_error: null,
    updated_at: now,
  } as const;
  return settle(db, id, changes, report);
}

export function markUnsent(
  db: Kysely<MailerDB>,
  id: string,
  outcome: {
    status: Extract<MailStatus, 'retrying' | 'sent_unconfirmed' | 'failed'>;
    error: string;
    subject: string | null;
    maybeDelivered: boolean;
  },
  report: StatusReport,
): Promise<void> {
  const now = new Date();
  const changes = {
    status: outcome.status,
    last_error: outcome.error.slice(0, 1000),
    subject: outcome.subject,
    lease_until: null,
    maybe_delivered: outcome.maybeDelivered,
    failed_at: outcome.status === 'retrying' ? null : now,
    updated_at: now,
  };
  return settle(db, id, changes, report);
}

/**
 * An operator retried a failed job (the queue board): its message may be tried once more. One
 * that may have been delivered (`sent_unconfirmed`) is never sent again.
 */
export async function reopenFailedMessage(db: Kysely<MailerDB>, jobId: string): Promise<void> {
  await db
    .updateTable('messages')
    .set({ status: 'retrying', failed_at: null, updated_at: new Date() })
    .where('job_id', '=', jobId)
    .where('status', '=', 'failed')
    .execute();
}
