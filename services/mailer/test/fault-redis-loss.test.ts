import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailer, type MailerHarness } from './harness';
import {
  queueResetMails,
  startMailProducer,
  tableRow,
  tally,
  unconfirmedRows,
  waitForDelivery,
  type MailProducer,
} from './fault-harness';

const MAILS = 100;

/** Identity's outbox and a mailer on a Redis of the test's own, which loses everything while the mails wait. */
describe('fault: Redis restarted without its data while mails wait', () => {
  let producer: MailProducer;
  let mailer: MailerHarness;
  beforeAll(async () => {
    producer = await startMailProducer({ OUTBOX_RESEND_SECONDS: '2' });
    mailer = await startMailer({ ...producer.shared, OUTBOX_RESEND_SECONDS: '2' });
    await mailer.worker.pause(true);
    mailer.deps.relay.start();
  });
  afterAll(async () => {
    await producer.close();
    await mailer.close();
    await producer.redis.stop();
  });

  it(
    'when Redis comes back empty and the mailer resumes, then all 100 mails arrive, each once, and every outbox row is confirmed',
    { timeout: 90_000 },
    async () => {
      const { id, redis } = producer;
      const recipients = Array.from({ length: MAILS }, (_, i) => `lost-${i}-${randomUUID()}@example.com`);
      await queueResetMails(id, recipients);
      const queued = Date.now() + 15_000;
      while ((await mailer.queue.getWaitingCount().catch(() => 0)) < MAILS && Date.now() < queued)
        await new Promise((r) => setTimeout(r, 100));
      expect(await mailer.queue.getWaitingCount()).toBe(MAILS);

      await redis.restartEmpty();
      expect(await mailer.queue.getWaitingCount().catch(() => 0)).toBe(0);
      mailer.worker.resume();

      await waitForDelivery(mailer.sink, id, recipients, 60_000);
      const figures = tally(mailer.sink, recipients);
      console.warn(tableRow('Redis restarted without its data', figures));
      expect(figures).toMatchObject({ lost: 0, doubled: 0, mixedMessageIds: 0 });
      expect(await unconfirmedRows(id)).toEqual([]);
    },
  );
});
