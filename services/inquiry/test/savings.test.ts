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

  const barging = (amount: string) => ({
    kind: 'barging' as const,
    basis: 'lump_sum' as const,
    amount,
    threshold_mt: null,
    amount_above: null,
    product_line_ids: null,
    note: null,
  });

  /** VLSFO 500 MT and MGO 100 MT; A (600 / 900, barging 1,500 lump sum) wins VLSFO, B MGO unless not placed. */
  async function splitInquiry(mgo: string | { index: string; differential: string }, mgoPlaced = true) {
    const inquiry = await seed.inquiry(user.tenantId, port, [
      { product: 'VLSFO', max: '500' },
      { product: 'MGO', max: '100' },
    ]);
    const at = { submittedAt: '2026-11-02T10:00:00Z' };
    await seed.offer(inquiry, ['600', '900'], {
      ...at,
      status: 'awarded',
      awardedLines: [0],
      charges: [barging('1500')],
    });
    await seed.offer(inquiry, ['610', mgo], {
      ...at,
      ...(mgoPlaced ? { status: 'awarded', awardedLines: [1] } : { status: 'not_awarded' }),
    });
    await seed.offer(inquiry, ['650', '950'], { ...at, status: 'not_awarded' });
    // Partial (no MGO): it prices something else and is not compared.
    await seed.offer(inquiry, ['500', null], { ...at, status: 'not_awarded' });
    await awarded(inquiry.id);
    return inquiry;
  }

  it('when an award is split between suppliers, then its saving is the split landed cost against the mean and the highest comparable offer', async () => {
    // B's MGO is index-linked: MGO Platts 870 + 10 = 880 a tonne, at the inquiry's value.
    const inquiry = await splitInquiry({ index: 'MGO Platts', differential: '10' });
    await seed.indexValue(inquiry, 'MGO Platts', '870');
    // The split: A's VLSFO 500 × 600 = 300,000 with its lump sum whole, 1,500 → 301,500; B's MGO
    // 100 × 880 = 88,000; together 389,500.
    // The comparable offers whole: A 300,000 + 90,000 + 1,500 = 391,500; B 305,000 + 88,000 =
    // 393,000; C 325,000 + 95,000 = 420,000 (the partial one left out). Mean 1,204,500 / 3 = 401,500:
    // 401,500 − 389,500 = 12,000.00 saved against the mean, 420,000 − 389,500 = 30,500.00 against
    // the highest.
    const res = await get(user, `/api/inquiries/${inquiry.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().savings).toEqual({ vs_average_usd: '12000.00', vs_highest_usd: '30500.00' });
  });

  it('when a split award’s part has no known cost (an index without a value) or a line is not placed, then savings is null', async () => {
    const unknown = await splitInquiry({ index: 'MGO Platts', differential: '10' });
    // MGO not placed: the split buys VLSFO alone, and the comparable offers price both lines.
    const notPlaced = await splitInquiry('880', false);
    for (const inquiry of [unknown, notPlaced]) {
      const res = await get(user, `/api/inquiries/${inquiry.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().savings).toBeNull();
    }
  });
});
