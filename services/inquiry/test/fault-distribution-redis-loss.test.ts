import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailerHarness } from '../../mailer/test/harness';
import {
  expectDeliveredOnce,
  prepareDistribution,
  startStackWithMailer,
  waitForDistribution,
  type DistributionStack,
} from './fault-distribution-harness';

const SUPPLIERS = 30;

/** The inquiry's outbox and a mailer on a Redis of the test's own, which loses every queued invitation. */
describe('fault: Redis restarted without its data while the invitations wait', () => {
  let stack: DistributionStack;
  let mailer: MailerHarness;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ stack, mailer, close } = await startStackWithMailer(
      { OUTBOX_RESEND_SECONDS: '2' },
      { OUTBOX_RESEND_SECONDS: '2', MAIL_CONCURRENCY: '10' },
    ));
    // The mailer takes nothing yet: the invitations wait in Redis only.
    await mailer.worker.pause(true);
  });
  afterAll(() => close());

  it(
    'when Redis comes back empty and the mailer starts taking jobs, then the acknowledged outbox hands the invitations over again and each supplier gets one mail',
    { timeout: 60_000 },
    async () => {
      const { s, redis } = stack;
      const rfq = await prepareDistribution(s, SUPPLIERS);
      const res = await rfq.send();
      expect(res.statusCode, res.body).toBe(200);
      const queued = Date.now() + 15_000;
      while ((await mailer.queue.getWaitingCount().catch(() => 0)) < SUPPLIERS && Date.now() < queued)
        await new Promise((r) => setTimeout(r, 100));
      expect(await mailer.queue.getWaitingCount()).toBe(SUPPLIERS);

      await redis.restartEmpty();
      expect(await mailer.queue.getWaitingCount().catch(() => 0)).toBe(0);
      mailer.worker.resume();

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
        `Redis restarted without its data (${SUPPLIERS} invitations queued)`,
        {
          mailFrom: mailer.deps.config.MAIL_FROM,
        },
      );
    },
  );
});
