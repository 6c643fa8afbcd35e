import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppError,
  createMetricsRegistry,
  createRedis,
  MailQuota,
  mailQuotaRefusals,
  type MailQuotaOptions,
} from '@mfd/service-kit';
import { startOwnRedis, testInfra, uniqueRedisPrefix, type OwnRedis } from '@mfd/testing';

const OLD = new Date('2020-01-01T00:00:00Z');
const DAY_S = 24 * 3600;

/** The error a refused or failed reservation throws, for its status, detail and Retry-After. */
async function refusal(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe('supplier mail quotas in Redis', () => {
  const redis = createRedis(testInfra().redisUrl, 5000);
  const registry = createMetricsRegistry('test');
  const refusals = mailQuotaRefusals(registry);
  const company = () => ({ id: randomUUID(), createdAt: OLD });
  const quota = (settings: [recipients: number, mails: number], extra: Partial<MailQuotaOptions> = {}) =>
    new MailQuota({
      redis,
      prefix: uniqueRedisPrefix(),
      settings: { MAIL_QUOTA_NEW_RECIPIENTS_PER_DAY: settings[0], MAIL_QUOTA_MAILS_PER_HOUR: settings[1] },
      refusals,
      ...extra,
    });
  const refused = async (limit: string) =>
    (await refusals.get()).values.find((v) => v.labels.limit === limit)?.value ?? 0;

  beforeAll(async () => {
    if (redis.status !== 'ready') await new Promise((ready) => redis.once('ready', ready));
  });
  afterAll(() => redis.disconnect());

  it('when a company mails an address twice, then it counts once; a new address over the limit is refused whole with Retry-After', async () => {
    const q = quota([3, 100]);
    const c = company();
    await q.reserve(c, ['a@x.example', 'B@x.example']);
    await q.reserve(c, ['A@X.example', 'c@x.example', 'b@x.example']);
    const before = await refused('recipients_per_day');
    const err = await refusal(q.reserve(c, ['c@x.example', 'd@x.example']));
    expect(err.statusCode).toBe(429);
    expect(err.message).toBe(
      'Your company has reached its limit of 3 recipient addresses per 24 hours. Nothing was sent: try again in 24 hours.',
    );
    // The oldest address leaves the window a day after its mail: almost a whole day from now.
    expect(err.retryAfterSeconds).toBeGreaterThan(DAY_S - 120);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(DAY_S);
    expect(await refused('recipients_per_day')).toBe(before + 1);
    // Refused whole: c, mailed before, is still one of three, and another company is not affected.
    await q.reserve(c, ['c@x.example']);
    await q.reserve(company(), ['d@x.example', 'e@x.example', 'f@x.example']);
  });

  it('when a company sends more mails in an hour than allowed, then 429 names the hourly limit', async () => {
    const q = quota([100, 4]);
    const c = company();
    await q.reserve(c, ['a@x.example', 'a@x.example', 'a@x.example']);
    const err = await refusal(q.reserve(c, ['b@x.example', 'c@x.example']));
    expect(err.statusCode).toBe(429);
    expect(err.message).toBe(
      'Your company has reached its limit of 4 supplier mails per hour. Nothing was sent: try again in 60 minutes.',
    );
    expect(err.retryAfterSeconds).toBeGreaterThan(3600 - 120);
    await q.reserve(c, ['b@x.example']);
  });

  it('when one request alone is over a limit, then it is refused and told to send to fewer', async () => {
    const err = await refusal(quota([2, 100]).reserve(company(), ['a@x', 'b@x', 'c@x']));
    expect(err.statusCode).toBe(429);
    expect(err.message).toContain('allows at once');
    expect(err.retryAfterSeconds).toBe(DAY_S);
  });

  it('when the company is in its first 7 days, then it has a fifth of each quota', async () => {
    const q = quota([10, 100]);
    const young = { id: randomUUID(), createdAt: new Date(Date.now() - 3600_000) };
    await q.reserve(young, ['a@x', 'b@x']);
    const err = await refusal(q.reserve(young, ['c@x']));
    expect(err.message).toContain('limit of 2 recipient addresses per 24 hours (a fifth of the usual');
  });

  it('when a reservation is released, then its mails and new addresses count no more, but an address mailed since still does', async () => {
    const q = quota([2, 3]);
    const c = company();
    const first = await q.reserve(c, ['a@x', 'b@x']);
    await q.release(first);
    const again = await q.reserve(c, ['c@x', 'd@x']);
    expect((await refusal(q.reserve(c, ['e@x']))).statusCode).toBe(429);
    await q.release(again);

    const earlier = await q.reserve(c, ['a@x']);
    await q.reserve(c, ['a@x']);
    await q.release(earlier);
    // a@x was mailed by the second reservation: it stays in the window (one of two), and so do its mails.
    await q.reserve(c, ['b@x']);
    expect((await refusal(q.reserve(c, ['z@x']))).message).toContain('recipient addresses');
  });

  it('when replicas race for the last places, then exactly the limit gets through', async () => {
    const prefix = uniqueRedisPrefix();
    const clients = [1, 2].map(() => createRedis(testInfra().redisUrl, 5000));
    const replicas = clients.map(
      (client) =>
        new MailQuota({
          redis: client,
          prefix,
          settings: { MAIL_QUOTA_NEW_RECIPIENTS_PER_DAY: 5, MAIL_QUOTA_MAILS_PER_HOUR: 100 },
          refusals,
        }),
    );
    await Promise.all(clients.map((c) => new Promise((ready) => c.once('ready', ready))));
    const c = company();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => replicas[i % 2]!.reserve(c, [`r${i}@x.example`])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const client of clients) client.disconnect();
  });

  it('when the window has passed, then the company may send again', async () => {
    const q = quota([1, 100], { windowsMs: { recipients_per_day: 1500, mails_per_hour: 1500 } });
    const c = company();
    await q.reserve(c, ['a@x']);
    const err = await refusal(q.reserve(c, ['b@x']));
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1600));
    await q.reserve(c, ['b@x']);
  });

  describe('with Redis unreachable', () => {
    let own: OwnRedis;
    beforeAll(async () => {
      own = await startOwnRedis();
    });
    afterAll(() => own.stop());

    it('then a reservation is 503, never an unmetered send', async () => {
      const client = createRedis(own.url);
      await new Promise((ready) => client.once('ready', ready));
      const q = new MailQuota({
        redis: client,
        prefix: 'quota-outage',
        settings: { MAIL_QUOTA_NEW_RECIPIENTS_PER_DAY: 5, MAIL_QUOTA_MAILS_PER_HOUR: 5 },
        refusals,
      });
      await q.reserve(company(), ['a@x']);
      await own.stop();
      const err = await refusal(q.reserve(company(), ['a@x']));
      expect(err.statusCode).toBe(503);
      expect(err.message).toBe(
        'Mail quotas cannot be checked right now, so nothing was sent. Please try again in a few minutes.',
      );
      client.disconnect();
    });
  });
});
