import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startInquiry } from './harness';
import { insightSeeder } from './insight-fixtures';

describe('savings of an award', () => {
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
  const awarded = (id: string) =>
    ctx.deps.database.db.updateTable('inquiries').set({ status: 'awarded' }).where('id', '=', id).execute();

  it('when an inquiry is awarded, then its detail shows the saving against the mean and the highest comparable landed cost, the award included', async () => {
    const inquiry = await seed.inquiry(user.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    // 500 MT at 600, 606 and 660: 300,000, 303,000 and 330,000 landed; mean 311,000.
    await seed.offer(inquiry, ['600'], { status: 'awarded', submittedAt: '2026-11-02T10:00:00Z' });
    await seed.offer(inquiry, ['606'], { status: 'not_awarded', submittedAt: '2026-11-02T10:10:00Z' });
    await seed.offer(inquiry, ['660'], { status: 'not_awarded', submittedAt: '2026-11-02T10:20:00Z' });
    // A withdrawn offer no longer competes: it counts in neither figure.
    await seed.offer(inquiry, ['900'], { status: 'withdrawn', submittedAt: '2026-11-02T10:30:00Z' });
    // Another company's offers on the same port are theirs.
    const theirs = await seed.inquiry(other.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    await seed.offer(theirs, ['1000'], { status: 'not_awarded', submittedAt: '2026-11-02T10:00:00Z' });

    const before = await get(user, `/api/inquiries/${inquiry.id}`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().savings).toBeNull();

    await awarded(inquiry.id);
    const res = await get(user, `/api/inquiries/${inquiry.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().savings).toEqual({ vs_average_usd: '11000.00', vs_highest_usd: '30000.00' });
    expect((await get(other, `/api/inquiries/${inquiry.id}`)).statusCode).toBe(404);
  });

  it('when an award is split between suppliers, then no single landed cost is saved against and savings is null', async () => {
    const inquiry = await seed.inquiry(user.tenantId, port, [
      { product: 'VLSFO', max: '500' },
      { product: 'MGO', max: '100' },
    ]);
    await seed.offer(inquiry, ['600', '900'], {
      status: 'awarded',
      awardedLines: [0],
      submittedAt: '2026-11-02T10:00:00Z',
    });
    await seed.offer(inquiry, ['610', '880'], {
      status: 'awarded',
      awardedLines: [1],
      submittedAt: '2026-11-02T10:00:00Z',
    });
    await awarded(inquiry.id);
    const res = await get(user, `/api/inquiries/${inquiry.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().savings).toBeNull();
  });
});
