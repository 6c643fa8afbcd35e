import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '@mfd/testing';
import type { MailerHarness } from '../../mailer/test/harness';
import { recipientRows } from './distribution-fixtures';
import {
  expectDeliveredOnce,
  prepareDistribution,
  startStackWithMailer,
  waitForDistribution,
  type DistributionStack,
} from './fault-distribution-harness';

const SUPPLIERS = 40;

describe('fault: the SMTP server answers 451 to a fifth of the invitations', () => {
  let stack: DistributionStack;
  let mailer: MailerHarness;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ stack, mailer, close } = await startStackWithMailer(
      { OUTBOX_RESEND_SECONDS: '30' },
      { MAIL_CONCURRENCY: '10', SMTP_POOL_MAX: '10' },
    ));
  });
  afterAll(() => close());

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
