import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startInquiry } from './harness';
import { insightSeeder } from './insight-fixtures';

describe('margins and commissions', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  let seed: ReturnType<typeof insightSeeder>;
  const user = makeUser();
  const other = makeUser();
  const port = randomUUID();

  beforeAll(async () => {
    ctx = await startInquiry();
    seed = insightSeeder(ctx.deps.database.db);
  });
  afterAll(() => ctx.close());

  const get = (caller: TestUser, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(caller) });

  async function stem(
    tenantId: string,
    opts: {
      customer: string;
      createdAt: string;
      mode: 'markup' | 'commission';
      basis: 'per_mt' | 'percent';
      amount: string;
      maxMt: string;
      deliveredMt?: string;
    },
  ) {
    const inquiry = await seed.inquiry(tenantId, port, [{ product: 'VLSFO', max: opts.maxMt }]);
    const offer = await seed.offer(inquiry, ['600'], { status: 'awarded', submittedAt: opts.createdAt });
    await seed.stem(inquiry, offer, {
      supplierId: randomUUID(),
      status: opts.deliveredMt ? 'delivered' : 'sent',
      prices: ['600'],
      maxMt: [opts.maxMt],
      ...(opts.deliveredMt ? { deliveredMt: [opts.deliveredMt] } : {}),
      pricingMode: opts.mode,
      adjustments: [{ basis: opts.basis, amount: opts.amount }],
      customer: opts.customer,
      createdAt: opts.createdAt,
    });
  }

  it('when stems were made with a markup or a commission, then each month, customer and grade sums what the company earned, from its own stems of the period', async () => {
    // October, Nordic: USD 5/MT on 480 MT delivered (2,400) and 1% on 600 over 500 MT (6 × 500 = 3,000).
    await stem(user.tenantId, {
      customer: 'Nordic',
      createdAt: '2026-10-10T02:00:00Z',
      mode: 'markup',
      basis: 'per_mt',
      amount: '5',
      maxMt: '500',
      deliveredMt: '480',
    });
    await stem(user.tenantId, {
      customer: 'Nordic',
      createdAt: '2026-10-20T02:00:00Z',
      mode: 'markup',
      basis: 'percent',
      amount: '1',
      maxMt: '500',
    });
    // October, Baltic: a commission of USD 2/MT on 500 MT.
    await stem(user.tenantId, {
      customer: 'Baltic',
      createdAt: '2026-10-21T02:00:00Z',
      mode: 'commission',
      basis: 'per_mt',
      amount: '2',
      maxMt: '500',
    });
    // 31 Oct 20:00 UTC is 1 Nov in Singapore: November's, USD 5/MT on 100 MT.
    await stem(user.tenantId, {
      customer: 'Nordic',
      createdAt: '2026-10-31T20:00:00Z',
      mode: 'markup',
      basis: 'per_mt',
      amount: '5',
      maxMt: '100',
    });
    // Left out: before the period, and another company's.
    await stem(user.tenantId, {
      customer: 'Nordic',
      createdAt: '2026-08-10T02:00:00Z',
      mode: 'markup',
      basis: 'per_mt',
      amount: '50',
      maxMt: '500',
    });
    await stem(other.tenantId, {
      customer: 'Nordic',
      createdAt: '2026-10-10T02:00:00Z',
      mode: 'markup',
      basis: 'per_mt',
      amount: '50',
      maxMt: '500',
    });

    const res = await get(user, '/api/insights/margins?from=2026-09-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const row = { grade: 'VLSFO', lines_unpriced: 0 };
    expect(res.json().items).toEqual([
      {
        ...row,
        month: '2026-10',
        customer: 'Baltic',
        stems: 1,
        margin_usd: '0.00',
        commission_usd: '1000.00',
      },
      {
        ...row,
        month: '2026-10',
        customer: 'Nordic',
        stems: 2,
        margin_usd: '5400.00',
        commission_usd: '0.00',
      },
      {
        ...row,
        month: '2026-11',
        customer: 'Nordic',
        stems: 1,
        margin_usd: '500.00',
        commission_usd: '0.00',
      },
    ]);
    const bad = await get(user, '/api/insights/margins?from=2026-11-30&to=2026-09-01');
    expect(bad.statusCode).toBe(400);
  });
});
