import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailStatusEvent } from '@mfd/contracts';
import { LINK_EXPIRED } from '../src/jobs/send-mail';
import { startMailer, type MailerHarness } from './harness';

const past = () => new Date(Date.now() - 60_000).toISOString();
const future = () => new Date(Date.now() + 3600_000).toISOString();

describe('mail retried by an operator, and links that expired', () => {
  let m: MailerHarness;
  const logLines: string[] = [];
  beforeAll(async () => {
    m = await startMailer({}, pino({ level: 'info' }, { write: (line: string) => logLines.push(line) }));
  });
  afterAll(() => m.close());
  beforeEach(() => m.sink.clear());

  const message = (jobId: string) =>
    m.deps.database.db
      .selectFrom('messages')
      .selectAll()
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const statusEvents = async (jobId: string) =>
    (await m.deps.database.db.selectFrom('outbox').select('payload').execute())
      .map((r) => r.payload as MailStatusEvent)
      .filter((e) => e.job_id === jobId);

  it('when a mail’s link has expired before it could go out, then nothing is sent and the message, the producer and the log say why', async () => {
    const { jobId, payload } = await m.send({ link_expires_at: past() });
    const row = await m.settled(jobId);
    expect(row).toMatchObject({ status: 'failed', last_error: LINK_EXPIRED, attempts: 1 });
    expect(m.sink.messages.some((mail) => mail.to.includes(payload.to))).toBe(false);
    const job = await m.queue.getJob(jobId);
    expect(job?.failedReason).toBe(LINK_EXPIRED);
    expect(await statusEvents(jobId)).toEqual([
      expect.objectContaining({ status: 'failed', error: LINK_EXPIRED }),
    ]);
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.job_id === jobId);
    expect(line).toMatchObject({ msg: 'mail not sent: its link has expired', template: 'password-reset' });
  });

  it('when an operator retries a failed mail whose link still works, then it is sent', async () => {
    m.sink.failNext(550);
    const { jobId, payload } = await m.send({ link_expires_at: future() });
    expect(await m.settled(jobId)).toMatchObject({ status: 'failed' });
    await (await m.queue.getJob(jobId))!.retry('failed');
    const row = await until(
      () => message(jobId),
      (r) => r.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(m.sink.messages.filter((mail) => mail.to.includes(payload.to))).toHaveLength(1);
  });

  it('when an operator retries a failed mail whose link has expired since, then nothing is sent and the message records why', async () => {
    m.sink.failNext(550);
    const { jobId, payload } = await m.send({ link_expires_at: future() });
    expect(await m.settled(jobId)).toMatchObject({ status: 'failed' });
    const job = (await m.queue.getJob(jobId))!;
    // The link's expiry passes while the job waits in the failed list.
    await job.updateData({ ...payload, link_expires_at: past() });
    await job.retry('failed');
    const row = await until(
      () => message(jobId),
      (r) => r.last_error === LINK_EXPIRED,
    );
    expect(row).toMatchObject({ status: 'failed', last_error: LINK_EXPIRED, attempts: 2 });
    expect(m.sink.messages.some((mail) => mail.to.includes(payload.to))).toBe(false);
  });
});
