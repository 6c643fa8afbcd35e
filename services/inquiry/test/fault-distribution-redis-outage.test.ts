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

/**
 * Identity, directory, inquiry and a mailer on a Redis of the test's own, which is down while the
 * trader distributes. (Redis lost after a distribution was written: fault-distribution-redis-loss.)
 */
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
    'when Redis is stopped, then a distribution is refused (503) with nothing written, never sent unmetered; sent once Redis is back, every supplier gets one mail',
    { timeout: 60_000 },
    async () => {
      const { s, redis } = stack;
      const rfq = await prepareDistribution(s, SUPPLIERS);

      // The quotas live in Redis: without it nothing is sent unmetered.
      await redis.stop();
      const refused = await rfq.send();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({
        success: false,
        detail:
          'Mail quotas cannot be checked right now, so nothing was sent. Please try again in a few minutes.',
      });
      expect(await recipientRows(s, rfq.inquiry.id)).toEqual([]);
      expect(await unconfirmedInvitations(s, rfq.trader.tenantId)).toEqual([]);

      // Back, the same distribution goes out: every supplier gets one mail.
      await redis.start();
      const quotas = s.inquiry.deps.redis;
      if (quotas.status !== 'ready') await new Promise((ready) => quotas.once('ready', ready));
      const res = await rfq.send();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ distributed_count: SUPPLIERS, status: 'distributed' });
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
