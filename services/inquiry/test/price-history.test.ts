import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portDate } from '@mfd/contracts';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startInquiry } from './harness';
import { insightSeeder } from './insight-fixtures';

describe('price history and last done', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  let seed: ReturnType<typeof insightSeeder>;
  const user = makeUser();
  const other = makeUser();
  // Ports are shared by every company: another company's offers at the same port must stay out.
  const port = randomUUID();
  const elsewhere = randomUUID();

  beforeAll(async () => {
    ctx = await startInquiry();
    seed = insightSeeder(ctx.deps.database.db);
  });
  afterAll(() => ctx.close());

  const get = (caller: TestUser, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(caller) });

  it('when offers were made at the port, then each port-time day shows the offered band, the median, the offers and the awarded average of the company’s own offers', async () => {
    const first = await seed.inquiry(user.tenantId, port, [
      { product: 'VLSFO', max: '500' },
      { product: 'MGO', max: '100' },
    ]);
    await seed.indexValue(first, 'Platts SG 0.5%', '612.25');
    await seed.offer(first, ['600.00', '900'], {
      status: 'awarded',
      submittedAt: '2026-11-02T03:00:00Z',
      awardedAt: '2026-11-02T08:00:00Z',
    });
    await seed.offer(first, ['610', '905'], { status: 'not_awarded', submittedAt: '2026-11-02T05:00:00Z' });
    // 17:00 UTC on the 1st is 01:00 on the 2nd in Singapore; index-linked: 612.25 − 5 = 607.25.
    await seed.offer(first, [{ index: ' platts sg 0.5% ', differential: '-5' }, null], {
      status: 'not_awarded',
      submittedAt: '2026-11-01T17:00:00Z',
    });
    // Taken back, never sent, or the 1st at the port: none of them counts.
    await seed.offer(first, ['500', null], { status: 'withdrawn', submittedAt: '2026-11-02T04:00:00Z' });
    await seed.offer(first, ['501', null], { status: 'draft', submittedAt: '2026-11-02T04:00:00Z' });
    await seed.offer(first, ['502', null], { status: 'not_awarded', submittedAt: '2026-11-01T15:00:00Z' });

    // The grade as another trader typed it; a bigger stem weighs more in the awarded average.
    const second = await seed.inquiry(user.tenantId, port, [{ product: 'vlsfo', max: '1500' }]);
    await seed.offer(second, ['620'], {
      status: 'awarded',
      submittedAt: '2026-11-02T06:00:00Z',
      awardedAt: '2026-11-04T01:00:00Z',
    });
    // An index with no value yet has no price to count.
    await seed.offer(second, [{ index: 'MOPS', differential: '3' }], {
      status: 'not_awarded',
      submittedAt: '2026-11-03T02:00:00Z',
    });
    await seed.offer(second, ['605.5'], { status: 'not_awarded', submittedAt: '2026-11-03T02:00:00Z' });
    // A split award gave this offer its gasoil only: its fuel oil was offered, not awarded.
    const split = await seed.inquiry(user.tenantId, port, [
      { product: 'MGO', max: '100' },
      { product: 'VLSFO', max: '700' },
    ]);
    await seed.offer(split, ['880', '630'], {
      status: 'awarded',
      submittedAt: '2026-11-03T03:00:00Z',
      awardedAt: '2026-11-06T03:00:00Z',
      awardedLines: [0],
    });

    // Another port, another grade, another company: all left out.
    const away = await seed.inquiry(user.tenantId, elsewhere, [{ product: 'VLSFO', max: '500' }]);
    await seed.offer(away, ['300'], { submittedAt: '2026-11-02T03:00:00Z' });
    const gasoil = await seed.inquiry(user.tenantId, port, [{ product: 'MGO', max: '100' }]);
    await seed.offer(gasoil, ['310'], { submittedAt: '2026-11-02T03:00:00Z' });
    const theirs = await seed.inquiry(other.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    await seed.offer(theirs, ['100'], {
      status: 'awarded',
      submittedAt: '2026-11-02T03:00:00Z',
      awardedAt: '2026-11-05T03:00:00Z',
    });

    const res = await get(
      user,
      `/api/insights/prices?port_id=${port}&product=VLSFO&from=2026-11-02&to=2026-11-03`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          date: '2026-11-02',
          offers: 4,
          min_price: '600.00',
          // 600, 607.25, 610, 620: the mean of the middle two, exactly.
          median_price: '608.625',
          max_price: '620.00',
          awarded_count: 2,
          // (600 × 500 + 620 × 1500) / 2000.
          awarded_avg_price: '615.00',
        },
        {
          date: '2026-11-03',
          offers: 2,
          min_price: '605.50',
          median_price: '617.75',
          max_price: '630.00',
          awarded_count: 0,
          awarded_avg_price: null,
        },
      ],
    });

    // The other company sees only its own offer.
    const their = await get(
      other,
      `/api/insights/prices?port_id=${port}&product=VLSFO&from=2026-11-01&to=2026-11-30`,
    );
    expect(their.json().items).toEqual([
      expect.objectContaining({ date: '2026-11-02', offers: 1, min_price: '100.00' }),
    ]);

    // Without from/to: the last 90 days up to the port's today, which in Singapore starts 8 hours before UTC's.
    const fresh = randomUUID();
    const today = await seed.inquiry(user.tenantId, fresh, [{ product: 'VLSFO', max: '500' }]);
    const now = new Date();
    await seed.offer(today, ['640'], { status: 'not_awarded', submittedAt: now.toISOString() });
    const recent = await get(user, `/api/insights/prices?port_id=${fresh}&product=VLSFO`);
    expect(recent.statusCode).toBe(200);
    expect(recent.json().items).toEqual([
      expect.objectContaining({ date: portDate(now, 'Asia/Singapore'), offers: 1, min_price: '640.00' }),
    ]);

    // Last done: the latest award of each grade at the port from the company's other inquiries.
    const next = await seed.inquiry(user.tenantId, port, [
      { product: 'VLSFO', max: '800' },
      { product: 'HSFO', max: '200' },
    ]);
    const done = await get(user, `/api/inquiries/${next.id}/last-done`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      items: [
        {
          product_line_id: next.lineIds[0],
          price_per_mt: '620.00',
          date: '2026-11-04',
          inquiry_id: second.id,
        },
      ],
    });
    expect((await get(other, `/api/inquiries/${next.id}/last-done`)).statusCode).toBe(404);

    // An inquiry awarded on the 4th compares with what was done before: the 2nd's award, not the 8th's.
    const later = await seed.inquiry(user.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    await seed.offer(later, ['640'], {
      status: 'awarded',
      submittedAt: '2026-11-08T01:00:00Z',
      awardedAt: '2026-11-08T02:00:00Z',
    });
    expect((await get(user, `/api/inquiries/${next.id}/last-done`)).json().items[0].inquiry_id).toBe(
      later.id,
    );
    const before = await get(user, `/api/inquiries/${second.id}/last-done`);
    expect(before.json()).toEqual({
      items: [
        {
          product_line_id: second.lineIds[0],
          price_per_mt: '600.00',
          date: '2026-11-02',
          inquiry_id: first.id,
        },
      ],
    });
  });

  it('when the filters are wrong, then the answer is 400 naming each field', async () => {
    const res = await get(user, '/api/insights/prices?port_id=nope&from=2026-13-01');
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['from', 'port_id', 'product']);
    const backwards = await get(
      user,
      `/api/insights/prices?port_id=${port}&product=VLSFO&from=2026-11-03&to=2026-11-02`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ field: 'to', message: 'To must not be before From' }]);
  });
});
