import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QUEUES, type MailStatusEvent } from '@mfd/contracts';
import { startMailer, type MailerHarness } from './harness';

/** The mail.status events the mailer has written for a job, oldest first. */
async function statusEvents(m: MailerHarness, jobId: string): Promise<MailStatusEvent[]> {
  const rows = await m.deps.database.db
    .selectFrom('outbox')
    .select('payload')
    .where('queue', '=', QUEUES.identityEvents)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.payload as MailStatusEvent).filter((e) => e.job_id === jobId);
}

describe('mail delivery when a sender dies or a send is slow', () => {
  let m: MailerHarness;
  beforeAll(async () => {
    m = await startMailer({ SEND_LEASE_SECONDS: '2' });
  });
  afterAll(() => m.close());
  beforeEach(() => {
    m.sink.clear();
    m.sink.replyDelayMs = 0;
  });

  it('when a mail is sent, then its Message-ID is made from the job id and the mail domain, and recorded', async () => {
    const { jobId, payload } = await m.send();
    const row = await m.settled(jobId);
    const mail = await m.sink.waitFor((r) => r.to.includes(payload.to));
    expect(mail.messageId).toBe(`<${jobId}@marinefuel.local>`);
    expect(row.smtp_message_id).toBe(`<${jobId}@marinefuel.local>`);
    expect(mail.text).toContain('token=tok-123');
  });

  it('when the server takes longer than the lease to answer, then the lease is renewed meanwhile and the mail is sent once', async () => {
    m.sink.replyDelayMs = 3500;
    const { jobId, payload } = await m.send();
    await m.sink.waitFor((r) => r.to.includes(payload.to));
    await new Promise((r) => setTimeout(r, 2500));
    const during = await m.deps.database.db
      .selectFrom('messages')
      .selectAll()
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(during.status).toBe('sending');
    expect(during.lease_until!.getTime()).toBeGreaterThan(Date.now());
    const row = await m.settled(jobId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, maybe_delivered: false });
    expect(m.sink.messages.filter((r) => r.to.includes(payload.to))).toHaveLength(1);
  });

  it('when a sender died mid-send, then its message is sent again after the lease with the same Message-ID and the record says so', async () => {
    const jobId = randomUUID();
    const to = `dead-sender-${randomUUID()}@example.com`;
    // What a worker killed while waiting for the server's 250 leaves behind.
    await m.deps.database.db
      .insertInto('messages')
      .values({
        id: randomUUID(),
        job_id: jobId,
        source: 'identity',
        template: 'password-reset',
        recipient: to,
        reference: null,
        tenant_id: null,
        status: 'sending',
        attempts: 1,
        lease_until: new Date(Date.now() + 1000),
      })
      .execute();
    // The job comes back while the lease still runs: it waits for the lease, as after a real crash.
    await m.send({ to }, { jobId, attempts: 6, backoff: { type: 'fixed', delay: 400 } });
    const row = await m.settled(jobId);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 2,
      maybe_delivered: true,
      smtp_message_id: `<${jobId}@marinefuel.local>`,
    });
    const mail = await m.sink.waitFor((r) => r.to.includes(to));
    expect(mail.messageId).toBe(`<${jobId}@marinefuel.local>`);
    expect((await statusEvents(m, jobId)).map((e) => e.status)).toEqual(['sent']);
  });

  it('when the attempts run out after an attempt that may have been delivered, then the message ends sent_unconfirmed, not failed', async () => {
    const jobId = randomUUID();
    const to = `unknown-outcome-${randomUUID()}@example.com`;
    await m.deps.database.db
      .insertInto('messages')
      .values({
        id: randomUUID(),
        job_id: jobId,
        source: 'identity',
        template: 'password-reset',
        recipient: to,
        reference: null,
        tenant_id: null,
        status: 'sending',
        attempts: 1,
        lease_until: new Date(Date.now() - 1000),
      })
      .execute();
    m.sink.failNext(451);
    await m.send({ to }, { jobId, attempts: 1 });
    const row = await m.settled(jobId);
    expect(row).toMatchObject({ status: 'sent_unconfirmed', attempts: 2, maybe_delivered: true });
    expect((await statusEvents(m, jobId)).at(-1)).toMatchObject({ status: 'sent_unconfirmed', attempts: 2 });
  });

  it('when a job whose mail went out comes again (its confirmation was lost), then nothing is sent and the outcome is reported again', async () => {
    const { jobId, payload } = await m.send();
    await m.settled(jobId);
    // The worker holds a handled job until its confirmation's batch has gone out.
    await expect.poll(async () => (await m.queue.getJob(jobId))?.isActive()).toBe(false);
    const job = await m.queue.getJob(jobId);
    await job!.remove();
    await m.queue.add('mail.send', payload, { jobId, attempts: 1 });
    const deadline = Date.now() + 5000;
    while ((await statusEvents(m, jobId)).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect((await statusEvents(m, jobId)).map((e) => e.status)).toEqual(['sent', 'sent']);
    expect(m.sink.messages.filter((r) => r.to.includes(payload.to))).toHaveLength(1);
  });

  it('when a job carries its link in clear, then it is refused at once and nothing is sent', async () => {
    const to = `clear-link-${randomUUID()}@example.com`;
    const { jobId } = await m.send({
      to,
      mail: {
        template: 'password-reset',
        data: { first_name: 'Maria', token: 'plain-token', expires_in_minutes: 60 },
      },
    });
    const deadline = Date.now() + 5000;
    while (!(await (await m.queue.getJob(jobId))?.isFailed()) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await (await m.queue.getJob(jobId))?.isFailed()).toBe(true);
    expect(m.sink.messages.some((r) => r.to.includes(to))).toBe(false);
  });
});
