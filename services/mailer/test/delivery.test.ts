import { Queue } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  MAIL_STATUS_QUEUES,
  OUTBOX_BATCH_JOB,
  QUEUES,
  type MailStatusEvent,
  type OutboxBatch,
} from '@mfd/contracts';
import { queuePrefix } from '@mfd/queue';
import { serveMetrics } from '@mfd/service-kit';
import { messageWriter } from '../src/data/messages.repository';
import { sendMail } from '../src/jobs/send-mail';
import { startMailer, type MailerHarness } from './harness';

describe('mail delivery', () => {
  let m: MailerHarness;
  beforeAll(async () => {
    m = await startMailer();
  });
  afterAll(() => m.close());
  beforeEach(() => m.sink.clear());

  it('when the SMTP server answers 4xx once, then the mail is sent on the retry: one mail, attempts 2', async () => {
    m.sink.failNext(451);
    const { jobId, payload } = await m.send();
    const row = await m.settled(jobId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null, recipient: payload.to });
    expect(row.smtp_message_id).toBeTruthy();
    expect(m.sink.messages.filter((mail) => mail.to.includes(payload.to))).toHaveLength(1);
  });

  it('when the SMTP server answers 5xx, then the message fails at once after 1 attempt and nothing is sent', async () => {
    m.sink.failNext(550);
    const { jobId, payload } = await m.send();
    const row = await m.settled(jobId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/^550 /);
    expect(m.sink.messages.some((mail) => mail.to.includes(payload.to))).toBe(false);
    const job = await m.queue.getJob(jobId);
    expect(job?.attemptsMade).toBe(1);
    expect(await job?.isFailed()).toBe(true);
  });

  it('when temporary failures outlast the attempts, then the message ends failed with the last error', async () => {
    m.sink.failNext(421, 2);
    const { jobId } = await m.send({}, { attempts: 2 });
    const row = await m.settled(jobId);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row.last_error).toMatch(/^421 /);
  });

  it('when the same job is processed twice, then one mail is sent', async () => {
    const { jobId, payload } = await m.send();
    await m.settled(jobId);
    const job = await m.queue.getJob(jobId);
    expect(job).toBeDefined();
    // A redelivery of the very same job (e.g. after a stalled worker) runs the processor again.
    await sendMail(
      {
        db: m.deps.database.db,
        messages: messageWriter(m.deps.database.pool),
        transport: m.deps.transport,
        config: m.deps.config,
        metrics: m.deps.metrics,
        secrets: m.deps.secrets,
        refs: m.deps.refs,
        outboxWritten: () => undefined,
        logger: m.deps.logger,
      },
      job!,
      payload,
    );
    // The producer adding it again after it was removed from the queue must not send twice either.
    await job!.remove();
    await m.queue.add('mail.send', payload, { jobId, attempts: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(m.sink.messages.filter((mail) => mail.to.includes(payload.to))).toHaveLength(1);
    const rows = await m.deps.database.db
      .selectFrom('messages')
      .selectAll()
      .where('job_id', '=', jobId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('when messages are taken and settled many at once, one job twice, then each is taken once and every sent one has its record and status event', async () => {
    const writer = messageWriter(m.deps.database.pool);
    const jobIds = Array.from({ length: 12 }, (_, i) => `together-${Date.now()}-${i}`);
    const message = (jobId: string) => ({
      job_id: jobId,
      source: 'inquiry',
      template: 'rfq-invitation',
      recipient: `${jobId}@neptune.example`,
      reference: `recipient-${jobId}`,
      tenant_id: null,
      reply_route: null,
    });
    // The first take goes alone; the others, and a second take of one job, come while it is in
    // flight and go together in one statement.
    const claims = await Promise.all(
      [...jobIds, jobIds[5]!].map((id) => writer.takeMessage(message(id), 60)),
    );
    expect(claims.slice(0, 12).every((c) => c?.attempts === 1 && !c.maybe_delivered)).toBe(true);
    expect(claims[12]).toBeUndefined();
    expect(new Set(claims.slice(0, 12).map((c) => c!.id)).size).toBe(12);
    await Promise.all(
      jobIds.map((jobId, i) =>
        writer.markSent(
          claims[i]!.id,
          { subject: `Subject ${i}`, smtpMessageId: `<${jobId}@mail.example>` },
          {
            queue: MAIL_STATUS_QUEUES.inquiry,
            event: {
              type: 'mail.status',
              job_id: jobId,
              reference: `recipient-${jobId}`,
              to: `${jobId}@neptune.example`,
              template: 'rfq-invitation',
              status: 'sent',
              attempts: 1,
              smtp_message_id: `<${jobId}@mail.example>`,
              at: new Date().toISOString(),
            },
          },
        ),
      ),
    );
    const rows = await m.deps.database.db
      .selectFrom('messages')
      .select(['id', 'job_id', 'status', 'attempts', 'subject', 'smtp_message_id', 'reference'])
      .where('job_id', 'in', jobIds)
      .execute();
    expect(rows).toHaveLength(12);
    for (const [i, jobId] of jobIds.entries())
      expect(rows.find((r) => r.job_id === jobId)).toMatchObject({
        id: claims[i]!.id,
        status: 'sent',
        attempts: 1,
        subject: `Subject ${i}`,
        smtp_message_id: `<${jobId}@mail.example>`,
        reference: `recipient-${jobId}`,
      });
    const events = await m.deps.database.db
      .selectFrom('outbox')
      .select(['queue', 'payload'])
      .where(sql<string>`payload->>'job_id'`, 'in', jobIds)
      .execute();
    expect(events).toHaveLength(12);
    expect(events.every((e) => e.queue === MAIL_STATUS_QUEUES.inquiry)).toBe(true);
    expect(new Set(events.map((e) => (e.payload as MailStatusEvent).job_id))).toEqual(new Set(jobIds));
    // A take of a job already sent gets nothing.
    expect(await writer.takeMessage(message(jobIds[0]!), 60)).toBeUndefined();
  });

  it('when a producer tracks delivery, then a mail.status event reaches its queue through the outbox', async () => {
    const { jobId, payload } = await m.send({ source: 'inquiry', reference: 'recipient-42' });
    await m.settled(jobId);
    await m.deps.relay.flush();
    const events = new Queue(QUEUES.inquiryEvents, {
      connection: m.deps.producerConnection,
      prefix: queuePrefix(m.deps.config.REDIS_PREFIX),
    });
    const jobs = await events.getJobs(['waiting']);
    await events.close();
    // Status events travel many to a job (one per relay pass), each under its outbox id.
    const batches = jobs.filter((j) => j.name === OUTBOX_BATCH_JOB).map((j) => j.data as OutboxBatch);
    const event = batches
      .flatMap((b) => b.items.map((item) => item.payload as MailStatusEvent))
      .find((e) => e.job_id === jobId);
    expect(event).toMatchObject({
      type: 'mail.status',
      status: 'sent',
      to: payload.to,
      reference: 'recipient-42',
      attempts: 1,
    });
  });

  it('when mails are sent, then the metrics port counts them with the queue and outbox gauges, and /health is ok', async () => {
    const { jobId } = await m.send();
    await m.settled(jobId);
    const listener = await serveMetrics(m.app.metrics, { host: '127.0.0.1', port: 0 }, m.app.log);
    const body = await fetch(`http://127.0.0.1:${listener.port}/metrics`)
      .then((r) => r.text())
      .finally(() => listener.close());
    const sent = Number(body.match(/^mail_sent_total\{service="mailer"\} (\d+)/m)?.[1]);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(/^mail_retries_total\{service="mailer"\} \d+/m);
    expect(body).toMatch(/^mail_failed_total\{service="mailer"\} \d+/m);
    expect(body).toMatch(/^queue_jobs\{(?=[^}]*queue="mail\.send")(?=[^}]*state="wait")[^}]*\} \d+$/m);
    expect(body).toMatch(/^outbox_rows\{(?=[^}]*state="unconfirmed")[^}]*\} \d+$/m);
    expect(body).toMatch(/^outbox_oldest_unconfirmed_seconds\{service="mailer"\} [\d.]+$/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_p99_seconds\{service="mailer"\} /m);
    // The service port has no /metrics: only the metrics port, closed to all but monitoring, does.
    expect((await m.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const health = await m.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  });
});
