import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { MailReplyRoute, MailStatus, MailStatusEvent, QueueName } from '@mfd/contracts';
import { CoalescedWrites, preparedStatement, type Database } from '@mfd/db';
import { outboxRows } from '@mfd/queue';
import type { MailerDB } from './db';

export interface NewMessage {
  job_id: string;
  source: string;
  template: string;
  recipient: string;
  reference: string | null;
  tenant_id: string | null;
  reply_route: MailReplyRoute | null;
}

/** What taking a message answers: its id, this attempt's number, and whether an earlier one may have gone out. */
export interface ClaimedMessage {
  id: string;
  attempts: number;
  maybe_delivered: boolean;
}

/**
 * Records the job's message the first time it is seen and takes it for sending, in one
 * statement: a new message, a queued or retrying one, or one whose previous sender's lease ran
 * out (a dead worker, which may have handed the mail over before dying: remembered in
 * maybe_delivered). Of two workers holding the same job, one gets the row; the other gets nothing.
 */
const TAKE_MESSAGE = `
  insert into messages as m (id, job_id, source, template, recipient, reference, tenant_id, status, attempts, lease_until,
                             reply_tenant_id, reply_inquiry_id, reply_recipient_id)
  values ($1, $2, $3, $4, $5, $6, $7, 'sending', 1, now() + make_interval(secs => $8), $9, $10, $11)
  on conflict (job_id) do update
    set status = 'sending', attempts = m.attempts + 1, lease_until = now() + make_interval(secs => $8),
        maybe_delivered = m.maybe_delivered or m.status = 'sending', updated_at = now()
    where m.status in ('queued', 'retrying') or (m.status = 'sending' and m.lease_until < now())
  returning id, attempts, maybe_delivered`;

/**
 * A message's outcome and the `mail.status` row reporting it, in one statement, so one is never
 * written without the other; the row's values are parameters `first` to `first + 3`.
 */
const report = (first: number) =>
  `insert into outbox (id, queue, payload, request_id)
   select $${first}, $${first + 1}, $${first + 2}::jsonb, $${first + 3}::text from settled`;

/**
 * Messages sent and the `mail.status` rows reporting them, in one statement for many (the
 * arrays hold one entry per message, in the same order), so no outcome is written without its row.
 */
const SETTLE_SENT = `
  with sent as (
    select * from unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::text[])
      as s(message_id, subject, smtp_message_id, outbox_id, queue, payload, request_id)),
  settled as (
    update messages m
    set status = 'sent', subject = s.subject, smtp_message_id = s.smtp_message_id, sent_at = now(),
        lease_until = null, last_error = null, updated_at = now()
    from sent s
    where m.id = s.message_id
    returning m.id)
  insert into outbox (id, queue, payload, request_id)
  select s.outbox_id, s.queue, s.payload::jsonb, s.request_id from sent s join settled on settled.id = s.message_id`;

/**
 * The most sent messages one statement settles: as many as the mailer sends at once is plenty
 * (those settled while a statement is in flight go in the next one).
 */
const MAX_SETTLED_TOGETHER = 100;

const SETTLE_UNSENT = `
  with settled as (
    update messages
    set status = $2, last_error = $3, subject = $4, lease_until = null, maybe_delivered = $5,
        failed_at = case when $2 = 'retrying' then null else now() end, updated_at = now()
    where id = $1
    returning id)
  ${report(6)}`;

interface SentMessage {
  id: string;
  subject: string;
  smtpMessageId: string | null;
  report: unknown[];
}

/**
 * The statements every mail runs, prepared (`preparedStatement`) on the mailer's pool. Sent
 * messages are settled together when they come while a settling statement is in flight
 * (`CoalescedWrites`): under load one statement for many instead of one each.
 */
export function messageWriter(pool: Database<MailerDB>['pool']) {
  const take = preparedStatement<ClaimedMessage>(pool, 'mailer_take_message', TAKE_MESSAGE);
  const settleSent = preparedStatement(pool, 'mailer_settle_sent_many', SETTLE_SENT);
  const settleUnsent = preparedStatement(pool, 'mailer_settle_unsent', SETTLE_UNSENT);
  const reportValues = (r: StatusReport) => {
    const row = outboxRows(r.queue, [r.event])[0]!;
    return [row.id, row.queue, JSON.stringify(row.payload), row.request_id ?? null];
  };
  const sent = new CoalescedWrites<SentMessage>(
    (messages) =>
      settleSent([
        messages.map((m) => m.id),
        messages.map((m) => m.subject),
        messages.map((m) => m.smtpMessageId),
        ...[0, 1, 2, 3].map((i) => messages.map((m) => m.report[i])),
      ]),
    MAX_SETTLED_TOGETHER,
  );
  return {
    async takeMessage(message: NewMessage, leaseSeconds: number): Promise<ClaimedMessage | undefined> {
      const [claimed] = await take([
        randomUUID(),
        message.job_id,
        message.source,
        message.template,
        message.recipient,
        message.reference,
        message.tenant_id,
        leaseSeconds,
        message.reply_route?.tenant_id ?? null,
        message.reply_route?.inquiry_id ?? null,
        message.reply_route?.recipient_id ?? null,
      ]);
      return claimed;
    },
    async markSent(
      id: string,
      outcome: { subject: string; smtpMessageId: string | null },
      report: StatusReport,
    ): Promise<void> {
      // The report's values are taken here, under the job's request id.
      await sent.add({ id, ...outcome, report: reportValues(report) });
    },
    async markUnsent(
      id: string,
      outcome: {
        status: Extract<MailStatus, 'retrying' | 'sent_unconfirmed' | 'failed'>;
        error: string;
        subject: string | null;
        maybeDelivered: boolean;
      },
      report: StatusReport,
    ): Promise<void> {
      await settleUnsent([
        id,
        outcome.status,
        outcome.error.slice(0, 1000),
        outcome.subject,
        outcome.maybeDelivered,
        ...reportValues(report),
      ]);
    },
  };
}
export type MessageWriter = ReturnType<typeof messageWriter>;

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

/** The `mail.status` event that tells the producer, and its queue. */
export interface StatusReport {
  queue: QueueName;
  event: MailStatusEvent;
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
