import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import type { ClaimStatus } from '@mfd/contracts';
import { utcMonth, utcMonthStart } from '../src/domain/dashboard/calendar-months';
import { startInquiry } from './harness';
import { insightSeeder } from './insight-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the dashboard’s figures of the month, savings per customer and month and awarded volume', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  let seed: ReturnType<typeof insightSeeder>;
  const user = makeUser();
  const other = makeUser();
  const port = randomUUID();

  beforeAll(async () => {
    // No directory listens here: the supplier card degrades; every figure below is this service's.
    ctx = await startInquiry({ DIRECTORY_URL: 'http://127.0.0.1:9' });
    seed = insightSeeder(ctx.deps.database.db);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.deps.database.db;
  const setInquiry = async (
    id: string,
    values: { status?: 'awarded' | 'distributed'; created_at?: Date },
  ) => {
    if (values.status)
      await db().updateTable('inquiries').set({ status: values.status }).where('id', '=', id).execute();
    // The row's creation time is the database's; an inquiry of an earlier month is moved back here.
    if (values.created_at)
      await sql`update inquiries set created_at = ${values.created_at} where id = ${id}`.execute(db());
  };
  const claim = (stem: { id: string; tenantId: string }, timeBarAt: Date, status: ClaimStatus = 'open') =>
    db()
      .insertInto('stem_claims')
      .values({
        id: randomUUID(),
        stem_id: stem.id,
        tenant_id: stem.tenantId,
        kind: 'quantity',
        description: 'short',
        amount_usd: null,
        status,
        time_bar_at: timeBarAt,
        created_by: randomUUID(),
      })
      .execute();

  /** An inquiry of one line awarded to the first of its offers at `awardedAt`; the rest lost. */
  async function awarded(
    tenantId: string,
    line: { product: string; max: string },
    prices: string[],
    awardedAt: Date,
    customer: string | null,
  ) {
    const inquiry = await seed.inquiry(tenantId, port, [line], customer ? { customer } : {});
    const offers: string[] = [];
    for (const [i, price] of prices.entries())
      offers.push(
        await seed.offer(inquiry, [price], {
          status: i === 0 ? 'awarded' : 'not_awarded',
          submittedAt: new Date(awardedAt.getTime() - HOUR).toISOString(),
          ...(i === 0 ? { awardedAt: awardedAt.toISOString() } : {}),
        }),
      );
    await setInquiry(inquiry.id, { status: 'awarded' });
    return { inquiry, winner: offers[0]! };
  }

  it('when a company has awards over 13 months, stems and claims, then the dashboard sums its own of the last 12 months by UTC month', async () => {
    const now = new Date();
    const thisMonth = new Date(utcMonthStart(now).getTime() + 1000);
    const lastMonth = new Date(utcMonthStart(now, 1).getTime() + DAY);
    const thirteenMonthsAgo = new Date(utcMonthStart(now, 12).getTime() + DAY);

    // This month, Nordic Tankers: 500 MT at 600, 606, 660 (300,000 / 303,000 / 330,000 landed; mean
    // 311,000): saved 11,000.00 against the mean, 30,000.00 against the highest.
    const a = await awarded(
      user.tenantId,
      { product: 'VLSFO', max: '500' },
      ['600', '606', '660'],
      thisMonth,
      'Nordic Tankers',
    );
    // 100 MT at 900, 910, 950 (90,000 / 91,000 / 95,000; mean 92,000): 2,000.00 and 5,000.00.
    const b = await awarded(
      user.tenantId,
      { product: 'MGO', max: '100' },
      ['900', '910', '950'],
      thisMonth,
      'Nordic Tankers',
    );
    // Last month, Baltic Shipping, the grade typed in small letters: 200 MT at 610 and 620 (122,000 /
    // 124,000; mean 123,000): 1,000.00 and 2,000.00.
    const c = await awarded(
      user.tenantId,
      { product: 'vlsfo', max: '200' },
      ['610', '620'],
      lastMonth,
      'Baltic Shipping',
    );
    await setInquiry(c.inquiry.id, { created_at: lastMonth });
    // Thirteen months ago: outside every series.
    const e = await awarded(
      user.tenantId,
      { product: 'VLSFO', max: '700' },
      ['500', '900'],
      thirteenMonthsAgo,
      'Nordic Tankers',
    );
    await setInquiry(e.inquiry.id, { created_at: thirteenMonthsAgo });

    // This month, a split award (VLSFO to one supplier, MGO to another), both lines' tonnes. Whole:
    // 300 × 590 + 50 × 880 = 221,000 and 300 × 600 + 50 × 870 = 223,500 (mean 222,250); the split
    // 177,000 + 43,500 = 220,500: saved 1,750.00 against the mean, 3,000.00 against the highest.
    const split = await seed.inquiry(
      user.tenantId,
      port,
      [
        { product: 'VLSFO', max: '300' },
        { product: 'MGO', max: '50' },
      ],
      { customer: 'Nordic Tankers' },
    );
    for (const [line, prices] of [
      [0, ['590', '880']],
      [1, ['600', '870']],
    ] as const)
      await seed.offer(split, [...prices], {
        status: 'awarded',
        awardedLines: [line],
        submittedAt: new Date(thisMonth.getTime() - HOUR).toISOString(),
        awardedAt: thisMonth.toISOString(),
      });
    await setInquiry(split.id, { status: 'awarded' });

    // Sent and not yet answered, and one answered (quoting): one awaits offers.
    const sent = await seed.inquiry(user.tenantId, port, [{ product: 'VLSFO', max: '500' }]);
    await setInquiry(sent.id, { status: 'distributed' });
    await seed.inquiry(user.tenantId, port, [{ product: 'VLSFO', max: '500' }]);

    // Stems: sent and acknowledged await delivery; a delivered one does not.
    const stemOf = (
      x: { inquiry: { id: string; tenantId: string; lineIds: string[] }; winner: string },
      status: 'sent' | 'acknowledged' | 'delivered',
    ) =>
      seed.stem(x.inquiry, x.winner, { supplierId: randomUUID(), status, prices: ['600'], maxMt: ['500'] });
    const stemA = await stemOf(a, 'sent');
    await stemOf(b, 'acknowledged');
    const stemC = await stemOf(c, 'delivered');
    // Claims: open within 72 hours counts; beyond 72 hours, already barred or no longer open do not.
    await claim(stemA, new Date(now.getTime() + 24 * HOUR));
    await claim(stemC, new Date(now.getTime() + 71 * HOUR));
    await claim(stemC, new Date(now.getTime() + 100 * HOUR));
    await claim(stemC, new Date(now.getTime() - HOUR));
    await claim(stemA, new Date(now.getTime() + 24 * HOUR), 'submitted');

    // Another company: an award this month at the same port, a distributed inquiry, a stem and a claim.
    const theirs = await awarded(
      other.tenantId,
      { product: 'VLSFO', max: '9000' },
      ['100', '900'],
      thisMonth,
      'Nordic Tankers',
    );
    const theirStem = await stemOf(theirs, 'sent');
    await claim(theirStem, new Date(now.getTime() + 24 * HOUR));
    const theirSent = await seed.inquiry(other.tenantId, port, [{ product: 'MGO', max: '10' }]);
    await setInquiry(theirSent.id, { status: 'distributed' });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(user) });
    expect(res.statusCode, res.body).toBe(200);
    const dash = res.json();
    expect({
      inquiries_this_month: dash.inquiries_this_month,
      awaiting_offers: dash.awaiting_offers,
      stems_awaiting_delivery: dash.stems_awaiting_delivery,
      claims_near_time_bar: dash.claims_near_time_bar,
      savings_this_month_usd: dash.savings_this_month_usd,
    }).toEqual({
      // a, b, the split, the sent and the quoting one; c and e were created in earlier months.
      inquiries_this_month: 5,
      awaiting_offers: 1,
      stems_awaiting_delivery: 2,
      claims_near_time_bar: 2,
      // 11,000.00 + 2,000.00 + the split's 1,750.00 (once, though it has two winners) against the mean.
      savings_this_month_usd: '14750.00',
    });
    expect(dash.total_inquiries).toBe(7);
    expect(dash.savings_by_customer_month).toEqual([
      {
        month: utcMonth(now),
        customer_name: 'Nordic Tankers',
        vs_average_usd: '14750.00',
        // 30,000.00 + 5,000.00 + 3,000.00.
        vs_highest_usd: '38000.00',
        awarded: 3,
      },
      {
        month: utcMonth(lastMonth),
        customer_name: 'Baltic Shipping',
        vs_average_usd: '1000.00',
        vs_highest_usd: '2000.00',
        awarded: 1,
      },
    ]);
    expect(dash.awarded_volume_by_month).toEqual([
      { month: utcMonth(lastMonth), product: 'VLSFO', quantity_mt: '200' },
      // 100 MT of b and 50 of the split's second line; 500 of a and 300 of the split's first.
      { month: utcMonth(now), product: 'MGO', quantity_mt: '150' },
      { month: utcMonth(now), product: 'VLSFO', quantity_mt: '800' },
    ]);

    // The other company sees its own award only.
    const theirDash = (
      await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(other) })
    ).json();
    expect(theirDash.savings_by_customer_month).toEqual([
      {
        month: utcMonth(now),
        customer_name: 'Nordic Tankers',
        // 9,000 MT at 100 and 900: 900,000 / 8,100,000 landed, mean 4,500,000.
        vs_average_usd: '3600000.00',
        vs_highest_usd: '7200000.00',
        awarded: 1,
      },
    ]);
    expect(theirDash.awaiting_offers).toBe(1);
    expect(theirDash.stems_awaiting_delivery).toBe(1);
    expect(theirDash.claims_near_time_bar).toBe(1);
  });
});
