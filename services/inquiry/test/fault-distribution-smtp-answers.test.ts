import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailer, type MailerHarness } from '../../mailer/test/harness';
import { recipientRows } from './distribution-fixtures';
import {
  expectDeliveredOnce,
  prepareDistribution,
  startDistributionStack,
  waitForDistribution,
  type DistributionStack,
} from './fault-distribution-harness';

const SUPPLIERS = 40;

/** A small seeded generator (mulberry32), so "a random 20%" is the same 20% on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fault: the SMTP server answers 451 to a fifth of the invitations', () => {
  let stack: DistributionStack;
  let mailer: MailerHarness;
  beforeAll(async () => {
    stack = await startDistributionStack({ OUTBOX_RESEND_SECONDS: '30' });
    mailer = await startMailer({ ...stack.shared, MAIL_CONCURRENCY: '10', SMTP_POOL_MAX: '10' });
    mailer.deps.relay.start();
  });
  afterAll(async () => {
    await stack.close();
    await mailer.close();
    await stack.redis.stop();
  });

  it(
    'when 20% of the suppliers get a 451 on their first attempt, then every supplier gets one mail and their rows show the retry',
    { timeout: 60_000 },
    async () => {
      const { s } = stack;
      const rfq = await prepareDistribution(s, SUPPLIERS);
      const random = seeded(451);
      const refused = new Set(
        rfq.emails
          .map((to) => ({ to, draw: random() }))
          .sort((a, b) => a.draw - b.draw)
          .slice(0, SUPPLIERS / 5)
          .map((r) => r.to),
      );
      mailer.sink.answer = (to, attempt) => (attempt === 1 && refused.has(to) ? 451 : undefined);

      const res = await rfq.send();
      expect(res.statusCode, res.body).toBe(200);
      await waitForDistribution(
        mailer.sink,
        s,
        { id: rfq.inquiry.id, tenantId: rfq.trader.tenantId },
        rfq.emails,
        40_000,
      );
      const figures = await expectDeliveredOnce(
        mailer.sink,
        s,
        rfq,
        '451 to a seeded random 20% of suppliers (first attempt)',
        {
          mailFrom: mailer.deps.config.MAIL_FROM,
        },
      );
      expect(figures.received).toBe(SUPPLIERS);
      const rows = await recipientRows(s, rfq.inquiry.id);
      for (const row of rows)
        expect(row, row.email).toMatchObject({
          mail_status: 'sent',
          mail_attempts: refused.has(row.email) ? 2 : 1,
          mail_error: null,
        });
    },
  );
});
