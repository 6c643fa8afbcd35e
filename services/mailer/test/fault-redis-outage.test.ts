import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@mfd/contracts';
import { messageIdFor } from '../src/domain/smtp-message';
import { startMailer, type MailerHarness } from './harness';
import {
  startMailProducer,
  tableRow,
  tally,
  unconfirmedRows,
  waitForDelivery,
  type MailProducer,
} from './fault-harness';

const USERS = 50;
/** The row is 30 s of outage; about 8 s of requests (10 s with their answers) shows the same and keeps the test short. */
const OUTAGE_MS = 8_000;

/** Identity and a mailer on a Redis of the test's own, which stops while forgot-password requests keep arriving. */
describe('fault: Redis down while forgot-password requests arrive', () => {
  let producer: MailProducer;
  let mailer: MailerHarness;
  const users: string[] = [];
  beforeAll(async () => {
    producer = await startMailProducer({ OUTBOX_RESEND_SECONDS: '10' });
    mailer = await startMailer({ ...producer.shared, MAIL_CONCURRENCY: '10', SMTP_POOL_MAX: '10' });
    mailer.deps.relay.start();
    for (let i = 0; i < USERS; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => producer.id.signUp()));
      users.push(...batch.map((b) => b.email));
    }
    // Their verification mails are out of the way before the fault starts.
    await waitForDelivery(mailer.sink, producer.id, users, 30_000);
    mailer.sink.clear();
  }, 90_000);
  afterAll(async () => {
    await producer.close();
    await mailer.close();
    await producer.redis.stop();
  });

  it(
    'when Redis is stopped while requests keep arriving and then starts again, then every reset mail arrives once',
    { timeout: 90_000 },
    async () => {
      const { id, redis } = producer;
      await redis.stop();
      const down = Date.now();
      const statuses: number[] = [];
      for (const email of users) {
        const res = await id.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
        });
        statuses.push(res.statusCode);
        await new Promise((r) => setTimeout(r, OUTAGE_MS / USERS));
      }
      // Nothing could pass through the queue meanwhile: every reset waits in identity's outbox.
      expect(mailer.sink.messages).toEqual([]);
      const outageSeconds = Math.round((Date.now() - down) / 1000);
      await redis.start();
      expect(statuses.filter((s) => s !== 200)).toEqual([]);

      await waitForDelivery(mailer.sink, id, users, 60_000);
      const figures = tally(mailer.sink, users);
      console.warn(tableRow(`Redis down ${outageSeconds} s while requests arrive`, figures));
      expect(figures).toMatchObject({ lost: 0, doubled: 0, mixedMessageIds: 0 });
      // Every mail that arrived is one of the resets, under its own job's Message-ID.
      const rows = await id.deps.database.db
        .selectFrom('outbox')
        .select(['id', 'payload'])
        .where('queue', '=', QUEUES.mailSend)
        .execute();
      const resets = rows.filter(
        (r) => r.payload.type === 'mail.send' && r.payload.mail.template === 'password-reset',
      );
      const resetIds = new Set(resets.map((r) => messageIdFor(r.id, mailer.deps.config.MAIL_FROM)));
      expect(resetIds.size).toBe(USERS);
      expect(mailer.sink.messages.filter((m) => !resetIds.has(m.messageId ?? ''))).toEqual([]);
      expect(await unconfirmedRows(id)).toEqual([]);
    },
  );
});
