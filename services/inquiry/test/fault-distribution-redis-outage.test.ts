import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailerHarness } from '../../mailer/test/harness';
import { recipientRows } from './distribution-fixtures';
import {
  expectDeliveredOnce,
  prepareDistribution,
  startStackWithMailer,
  unconfirmedInvitations,
  waitForDistribution,
  type DistributionStack,
} from './fault-distribution-harness';

const SUPPLIERS = 30;

/** Identity, directory, inquiry and a mailer on a Redis of the test's own, which is down while the trader distributes. */
describe('fault: Redis down while the trader distributes an inquiry', () => {
  let stack: DistributionStack;
  let mailer: MailerHarness;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ stack, mailer, close } = await startStackWithMailer(
      { OUTBOX_RESEND_SECONDS: '10' },
      { MAIL_CONCURRENCY: '10', SMTP_POOL_MAX: '10' },
    ));
  });
  afterAll(() => close());

  it(
    'when the trader distributes to 30 suppliers while Redis is stopped, then the request succeeds and every supplier gets one mail once Redis is back',
    { timeout: 60_000 },
    async () => {
      const { s, redis } = stack;
      const rfq = await prepareDistribution(s, SUPPLIERS);

      await redis.stop();
      const res = await rfq.send();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ distributed_count: SUPPLIERS, status: 'distributed' });
      // Everything is written and waits in the outbox: nothing could pass through the queue.
      const rows = await recipientRows(s, rfq.inquiry.id);
      expect(rows.map((r) => r.mail_status)).toEqual(rfq.emails.map(() => 'queued'));
      expect(await unconfirmedInvitations(s, rfq.trader.tenantId)).toHaveLength(SUPPLIERS);
      await new Promise((r) => setTimeout(r, 1500));
      expect(mailer.sink.messages).toEqual([]);

      await redis.start();
      await waitForDistribution(
        mailer.sink,
        s,
        { id: rfq.inquiry.id, tenantId: rfq.trader.tenantId },
        rfq.emails,
        40_000,
      );
      await expectDeliveredOnce(
        mailer.sink,
        s,
        rfq,
        `Redis down while distributing to ${SUPPLIERS} suppliers`,
        {
          mailFrom: mailer.deps.config.MAIL_FROM,
        },
      );
    },
  );
});
