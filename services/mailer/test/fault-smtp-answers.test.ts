import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '@mfd/testing';
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

/** Identity's outbox and an in-process mailer on a Redis of the test's own, sending to a sink that refuses some mails. */
describe('fault: the SMTP server answers 451 or 550', () => {
  let producer: MailProducer;
  let mailer: MailerHarness;
  beforeAll(async () => {
    producer = await startMailProducer({ OUTBOX_RESEND_SECONDS: '30' });
    mailer = await startMailer({ ...producer.shared, MAIL_CONCURRENCY: '10', SMTP_POOL_MAX: '10' });
    mailer.deps.relay.start();
  });
  afterAll(async () => {
    await producer.close();
    await mailer.close();
    await producer.redis.stop();
  });

  const records = async (recipients: string[]) =>
    new Map(
      (
        await mailer.deps.database.db
          .selectFrom('messages')
          .selectAll()
          .where('recipient', 'in', recipients)
          .execute()
      ).map((m) => [m.recipient, m]),
    );

  it(
    'when 20% of the recipients get a 451 on their first attempt, then every mail arrives once, after a retry for those',
    { timeout: 150_000 },
    async () => {
      const recipients = Array.from({ length: 200 }, (_, i) => `busy-${i}-${randomUUID()}@example.com`);
      const random = seeded(451);
      const refused = new Set(
        recipients
          .map((to) => ({ to, draw: random() }))
          .sort((a, b) => a.draw - b.draw)
          .slice(0, recipients.length / 5)
          .map((r) => r.to),
      );
      mailer.sink.answer = (to, attempt) => (attempt === 1 && refused.has(to) ? 451 : undefined);

      await queueResetMails(producer.id, recipients);
      await waitForDelivery(mailer.sink, producer.id, recipients, 120_000);

      const figures = tally(mailer.sink, recipients);
      console.warn(tableRow('451 to a seeded random 20% of recipients (first attempt)', figures));
      expect(figures).toMatchObject({ received: 200, lost: 0, doubled: 0, mixedMessageIds: 0 });
      const recorded = await records(recipients);
      for (const to of recipients)
        expect(recorded.get(to), to).toMatchObject({ status: 'sent', attempts: refused.has(to) ? 2 : 1 });
      expect(await unconfirmedRows(producer.id)).toEqual([]);
    },
  );

  it(
    'when one address gets a 550, then it is recorded failed after one attempt and all the others arrive once',
    { timeout: 60_000 },
    async () => {
      const recipients = Array.from({ length: 20 }, (_, i) => `unknown-${i}-${randomUUID()}@example.com`);
      const [rejected, ...others] = recipients as [string, ...string[]];
      const tries = new Map<string, number>();
      mailer.sink.answer = (to, attempt) => {
        tries.set(to, attempt);
        return to === rejected ? 550 : undefined;
      };

      await queueResetMails(producer.id, recipients);
      await waitForDelivery(mailer.sink, producer.id, others, 50_000);

      const figures = tally(mailer.sink, recipients);
      console.warn(tableRow('550 for one address', figures, '(the lost one is the 550, recorded failed)'));
      expect(figures).toMatchObject({ received: 19, lost: 1, doubled: 0, mixedMessageIds: 0 });
      expect(tally(mailer.sink, others)).toMatchObject({ lost: 0, doubled: 0 });
      expect(tries.get(rejected)).toBe(1);
      const recorded = await records(recipients);
      expect(recorded.get(rejected)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(recorded.get(rejected)?.last_error).toMatch(/^550/);
      for (const to of others) expect(recorded.get(to), to).toMatchObject({ status: 'sent', attempts: 1 });
      // The failure is final: identity heard it and its outbox row is confirmed, not handed over again.
      expect(await unconfirmedRows(producer.id)).toEqual([]);
    },
  );
});
