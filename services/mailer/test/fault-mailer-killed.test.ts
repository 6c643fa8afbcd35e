import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@mfd/contracts';
import { createDatabase } from '@mfd/db';
import { dropSchemas, SmtpSink, TEST_MAIL_SECRET_KEYS, testInfra, uniqueSchema } from '@mfd/testing';
import type { MailerDB } from '../src/data/db';
import {
  queueResetMails,
  startMailProducer,
  tableRow,
  tally,
  unconfirmedRows,
  waitForDelivery,
  type MailProducer,
} from './fault-harness';
import { killProcess, startMailerProcess } from './mailer-process';

const MAILS = 40;

describe('fault: mailer SIGKILLed while the SMTP server takes 3 s to answer 250', () => {
  const schema = uniqueSchema('mailer');
  const mailerDb = createDatabase<MailerDB>({ url: testInfra().pgUrl, schema });
  const children: ChildProcess[] = [];
  let producer: MailProducer;
  let sink: SmtpSink;
  let mailerEnv: Record<string, string>;
  beforeAll(async () => {
    producer = await startMailProducer({ OUTBOX_RESEND_SECONDS: '5' });
    sink = await new SmtpSink().start();
    sink.replyDelayMs = 3000;
    mailerEnv = {
      ...producer.shared,
      PG_URL: testInfra().pgUrl,
      DB_SCHEMA: schema,
      SMTP_URL: sink.url,
      MAIL_SECRET_KEYS: TEST_MAIL_SECRET_KEYS,
      SEND_LEASE_SECONDS: '3',
      MAIL_CONCURRENCY: '10',
      SMTP_POOL_MAX: '10',
    };
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => killProcess(c, 'SIGKILL')));
    await producer.close();
    await mailerDb.close();
    await sink.stop();
    await producer.redis.stop();
    await dropSchemas(testInfra().pgUrl, [schema]);
  });

  it(
    "when the mailer dies mid-send and another starts, then every mail arrives, every copy has its job's Message-ID, and the record says what is known",
    { timeout: 180_000 },
    async () => {
      const { id } = producer;
      const recipients = Array.from({ length: MAILS }, (_, i) => `killed-${i}-${randomUUID()}@example.com`);
      await queueResetMails(id, recipients);

      children.push(startMailerProcess(mailerEnv));
      const first = Date.now() + 60_000;
      // The server has taken the first messages and holds back its 250: the mailer dies now.
      while (sink.messages.length < 5 && Date.now() < first) await new Promise((r) => setTimeout(r, 20));
      expect(sink.messages.length).toBeGreaterThanOrEqual(5);
      await killProcess(children[0]!, 'SIGKILL');
      children.push(startMailerProcess(mailerEnv));

      await waitForDelivery(sink, id, recipients, 80_000);

      const jobs = await id.deps.database.db
        .selectFrom('outbox')
        .select(['id', 'payload'])
        .where('queue', '=', QUEUES.mailSend)
        .execute();
      const jobOf = new Map(jobs.map((j) => [(j.payload as { to: string }).to, j.id]));
      const records = new Map(
        (await mailerDb.db.selectFrom('messages').selectAll().execute()).map((m) => [m.recipient, m]),
      );
      for (const to of recipients) {
        const copies = sink.messages.filter((m) => m.to.includes(to));
        expect(copies.length, to).toBeGreaterThanOrEqual(1);
        expect(new Set(copies.map((c) => c.messageId)), to).toEqual(
          new Set([`<${jobOf.get(to)}@marinefuel.local>`]),
        );
        const record = records.get(to);
        expect(record?.status, to).toBe('sent');
        if (copies.length > 1) {
          // A copy went out from the dead sender: the record says it may have, and counts both attempts.
          expect(record).toMatchObject({ maybe_delivered: true });
          expect(record!.attempts).toBeGreaterThanOrEqual(2);
        }
      }
      const figures = tally(sink, recipients);
      console.warn(tableRow('mailer SIGKILLed during a 3 s 250', figures, '(same Message-ID)'));
      expect(figures).toMatchObject({ lost: 0, mixedMessageIds: 0 });
      expect(await unconfirmedRows(id)).toEqual([]);
    },
  );
});
