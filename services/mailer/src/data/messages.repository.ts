import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { MailStatus } from '@mfd/contracts';
import type { MailerDB } from './db';

export interface NewMessage {
  job_id: string;
  source: string;
  template: string;
  recipient: string;
  reference: string | null;
  tenant_id: string | null;
}

/** The message row of a job, created the first time the job is seen. */
export async function recordMessage(db: Kysely<MailerDB>, message: NewMessage): Promise<void> {
  await db
    .insertInto('messages')
    .values({ id: randomUUID(), ...message })
    .onConflict((oc) => oc.column('job_id').doNothing())
    .execute();
}

/**
 * Takes the message for sending: a queued or retrying one, or one whose previous sender's lease
 * ran out (a dead worker, which may have handed the mail over before dying: remembered in
 * maybe_delivered). Of two workers holding the same job, one gets the row.
 */
export function claimMessage(db: Kysely<MailerDB>, jobId: string, leaseSeconds: number) {
  return db
    .updateTable('messages')
    .set({
      status: 'sending',
      attempts: sql<number>`attempts + 1`,
      lease_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
      maybe_delivered: sql<boolean>`maybe_delivered or status = 'sending'`,
      updated_at: new Date(),
    })
    .where('job_id', '=', jobId)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['queued', 'retrying']),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', sql<Date>`now()`)]),
      ]),
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

export async function markSent(
  db: Kysely<MailerDB>,
  id: string,
  subject: string,
  smtpMessageId: string | null,
): Promise<void> {
  await db
    .updateTable('messages')
    .set({
      status: 'sent',
      subject,
      smtp_message_id: smtpMessageId,
      sent_at: new Date(),
      lease_until: null,
      last_error: null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function markUnsent(
  db: Kysely<MailerDB>,
  id: string,
  outcome: {
    status: Extract<MailStatus, 'retrying' | 'sent_unconfirmed' | 'failed'>;
    error: string;
    subject: string | null;
    maybeDelivered: boolean;
  },
): Promise<void> {
  await db
    .updateTable('messages')
    .set({
      status: outcome.status,
      last_error: outcome.error.slice(0, 1000),
      subject: outcome.subject,
      lease_until: null,
      maybe_delivered: outcome.maybeDelivered,
      failed_at: outcome.status === 'retrying' ? null : new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}
