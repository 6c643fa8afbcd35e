import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@mfd/db';
import { dropSchemas, SmtpSink, TEST_MAIL_SECRET_KEYS, testInfra, uniqueSchema } from '@mfd/testing';
import type { MailerDB } from '../../mailer/src/data/db';
import {
  expectDeliveredOnce,
  prepareDistribution,
  startDistributionStack,
  waitForDistribution,
  type DistributionStack,
} from './fault-distribution-harness';
import { killProcess, startMailerProcess } from '../../mailer/test/mailer-process';

const SUPPLIERS = 30;
const MAIL_FROM = 'Marine Fuel Distribution <no-reply@marinefuel.local>';

describe('fault: a mailer process SIGKILLed while the SMTP server holds back its 250s', () => {
  const schema = uniqueSchema('mailer');
  const mailerDb = createDatabase<MailerDB>({ url: testInfra().pgUrl, schema });
  const children: ChildProcess[] = [];
  let stack: DistributionStack;
  let sink: SmtpSink;
  let mailerEnv: Record<string, string>;
  beforeAll(async () => {
    stack = await startDistributionStack({ OUTBOX_RESEND_SECONDS: '5' });
    sink = await new SmtpSink().start();
    // The server keeps each message at once but answers 250 later: a kill leaves sends in flight.
    sink.replyDelayMs = 2000;
    mailerEnv = {
      ...stack.shared,
      PG_URL: testInfra().pgUrl,
      DB_SCHEMA: schema,
      SMTP_URL: sink.url,
      MAIL_FROM,
      MAIL_SECRET_KEYS: TEST_MAIL_SECRET_KEYS,
      SEND_LEASE_SECONDS: '3',
      MAIL_CONCURRENCY: '10',
      SMTP_POOL_MAX: '10',
    };
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => killProcess(c, 'SIGKILL')));
    await stack.close();
    await mailerDb.close();
    await sink.stop();
    await stack.redis.stop();
    await dropSchemas(testInfra().pgUrl, [schema]);
  });

  it(
    "when the mailer dies mid-run and another takes over, then every supplier's mail arrives, each copy under its job's Message-ID",
    { timeout: 180_000 },
    async () => {
      const { s } = stack;
      const rfq = await prepareDistribution(s, SUPPLIERS);
      const res = await rfq.send();
      expect(res.statusCode, res.body).toBe(200);

      children.push(startMailerProcess(mailerEnv));
      const first = Date.now() + 60_000;
      while (sink.messages.length < 5 && Date.now() < first) await new Promise((r) => setTimeout(r, 20));
      expect(sink.messages.length).toBeGreaterThanOrEqual(5);
      const atKill = sink.messages.length;
      await killProcess(children[0]!, 'SIGKILL');
      // It died with messages kept by the server and their 250s still to come.
      expect(atKill).toBeLessThan(SUPPLIERS);
      children.push(startMailerProcess(mailerEnv));

      await waitForDistribution(
        sink,
        s,
        { id: rfq.inquiry.id, tenantId: rfq.trader.tenantId },
        rfq.emails,
        90_000,
      );
      const figures = await expectDeliveredOnce(sink, s, rfq, 'mailer SIGKILLed during a 2 s 250', {
        mailFrom: MAIL_FROM,
        doubles: true,
      });
      // A copy from the dead sender is on its record: it may have gone out, and both attempts count.
      const records = new Map(
        (await mailerDb.db.selectFrom('messages').selectAll().execute()).map((m) => [m.recipient, m]),
      );
      for (const to of rfq.emails) {
        const copies = sink.messages.filter((m) => m.to.includes(to)).length;
        expect(records.get(to)?.status, to).toBe('sent');
        if (copies > 1) expect(records.get(to), to).toMatchObject({ maybe_delivered: true });
      }
      expect(figures.received).toBeGreaterThanOrEqual(SUPPLIERS);
    },
  );
});
