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
 * Records each job's message the first time it is seen and takes it for sending, in one
 * statement for many (the arrays hold one entry per job, no job twice): a new message, a queued
 * or retrying one, or one whose previous sender's lease ran out (a dead worker, which may have
 * handed the mail over before dying: remembered in maybe_delivered). Of two workers holding the
 * same job, one gets the row; the other gets nothing.
 */
const TAKE_MESSAGES = `
  insert into messages as m (id, job_id, source, template, recipient, reference, tenant_id, status, attempts, lease_until,
                             reply_tenant_id, reply_inquiry_id, reply_recipient_id)
  select t.id, t.job_id, t.source, t.template, t.recipient, t.reference, t.tenant_id, 'sending', 1,
         now() + make_interval(secs => t.lease_seconds), t.reply_tenant_id, t.reply_inquiry_id, t.reply_recipient_id
  from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::float8[],
              $9::uuid[], $10::uuid[], $11::uuid[])
    as t(id, job_id, source, template, recipient, reference, tenant_id, lease_seconds,
         reply_tenant_id, reply_inquiry_id, reply_recipient_id)
  on conflict (job_id) do update
    set status = 'sending', attempts = m.attempts + 1, lease_until = excluded.lease_until,
        maybe_delivered = m.maybe_delivered or m.status = 'sending', updated_at = now()
    where m.status in ('queued', 'retrying') or (m.status = 'sending' and m.lease_until < now())
  returning id, job_id, attempts, maybe_delivered`;

/** The most messages one statement takes or settles: more than a mailer sends at once. */
const MAX_TOGETHER = 100;

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

const SETTLE_UNSENT = `
  with settled as (
    update messages
    set status = $2, last_error = $3, subject = $4, lease_until = null, maybe_delivered = $5,
        failed_at = case when $2 = 'retrying' then null else now() end, updated_at = now()
    where id = $1
    returning id)
  ${report(6)}`;

interface Take {
  message: NewMessage;
  leaseSeconds: number;
}

interface SentMessage {
  id: string;
  subject: string;
  smtpMessageId: string | null;
  report: unknown[];
}

/**
 * The statements every mail runs, prepared (`preparedStatement`) on the mailer's pool. Messages
 * are taken, and sent ones settled, together when they come while such a statement is in flight
 * (`CoalescedWrites`): under load one statement for many instead of one each.
 */
export function messageWriter(pool: Database<MailerDB>['pool']) {
  const take = preparedStatement<ClaimedMessage & { job_id: string }>(
    pool,
    'mailer_take_messages',
    TAKE_MESSAGES,
  );
  const settleSent = preparedStatement(pool, 'mailer_settle_sent_many', SETTLE_SENT);
  const settleUnsent = preparedStatement(pool, 'mailer_settle_unsent', SETTLE_UNSENT);
  const reportValues = (r: StatusReport) => {
    const row = outboxRows(r.queue, [r.event])[0]!;
    return [row.id, row.queue, JSON.stringify(row.payload), row.request_id ?? null];
  };
  const taken = new CoalescedWrites<Take, ClaimedMessage | undefined>(async (takes) => {
    // A job given twice at once (a redelivery beside its first run) goes in once: the other gets nothing.
    const jobs = new Set<string>();
    const once = takes.filter((t) => !jobs.has(t.message.job_id) && jobs.add(t.message.job_id));
    const first = new Set(once);
    const column = (value: (t: Take) => unknown) => once.map(value);
    const rows = await take([
      column(() => randomUUID()),
      column((t) => t.message.job_id),
      column((t) => t.message.source),
      column((t) => t.message.template),
      column((t) => t.message.recipient),
      column((t) => t.message.reference),
      column((t) => t.message.tenant_id),
      column((t) => t.leaseSeconds),
      column((t) => t.message.reply_route?.tenant_id ?? null),
      column((t) => t.message.reply_route?.inquiry_id ?? null),
      column((t) => t.message.reply_route?.recipient_id ?? null),
    ]);
    const byJob = new Map(rows.map(({ job_id, ...claimed }) => [job_id, claimed]));
    return takes.map((t) => (first.has(t) ? byJob.get(t.message.job_id) : undefined));
  }, MAX_TOGETHER);
  // A settle does not wait for company: its job holds one of the worker's slots until it is
  // written, and with as many slots as SMTP connections a slot that waits is a connection that
  // idles (with a 10 ms wait the distribution bench sent about 300 mails/s, 320-360 without).
  const sent = new CoalescedWrites<SentMessage>(async (messages) => {
    await settleSent([
      messages.map((m) => m.id),
      messages.map((m) => m.subject),
      messages.map((m) => m.smtpMessageId),
      ...[0, 1, 2, 3].map((i) => messages.map((m) => m.report[i])),
    ]);
    return [];
  }, MAX_TOGETHER);
  return {
    takeMessage(message: NewMessage, leaseSeconds: number): Promise<ClaimedMessage | undefined> {
      return taken.add({ message, leaseSeconds });
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
