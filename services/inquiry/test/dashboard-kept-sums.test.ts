import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { backfillAwardSavings, refreshAwardSavings } from '../src/domain/insights/award-savings';
import { utcMonthStart } from '../src/domain/dashboard/calendar-months';
import { dashboardFromAwards } from './dashboard-from-awards';
import { startInquiry } from './harness';
import { insightSeeder } from './insight-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The savings per customer and month and tonnes per grade and month are kept with the kept savings
 * (migration 0026); whatever wrote those (an award's transaction, the dashboard's fill on read,
 * the start-up backfill, a second write over a row, a rollback), the dashboard answers byte for byte
 * what summing the awards themselves gives (dashboardFromAwards, the sums it made before).
 */
describe('the dashboard’s kept sums per month', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  let seed: ReturnType<typeof insightSeeder>;
  const user = makeUser();
  const other = makeUser();
  const port = randomUUID();

  beforeAll(async () => {
    ctx = await startInquiry({ DIRECTORY_URL: 'http://127.0.0.1:9' });
    seed = insightSeeder(ctx.deps.database.db);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.deps.database.db;
  const now = new Date();
  const month = (back: number) => new Date(utcMonthStart(now, back).getTime() + DAY);
  const awardedInquiries: string[] = [];

  /**
   * An inquiry awarded in SQL (no kept saving yet) at `at`: whole to its first offer, or split
   * (`split`: each offer's line indexes), the other offers lost.
   */
  async function award(
    tenantId: string,
    lines: { product: string; max: string }[],
    offers: string[][],
    at: Date,
    customer: string | null,
    split?: number[][],
  ) {
    const inquiry = await seed.inquiry(tenantId, port, lines, customer === null ? {} : { customer });
    for (const [i, prices] of offers.entries()) {
      const won = split ? split[i] !== undefined : i === 0;
      await seed.offer(inquiry, prices, {
        status: won ? 'awarded' : 'not_awarded',
        submittedAt: new Date(at.getTime() - HOUR).toISOString(),
        ...(won ? { awardedAt: at.toISOString() } : {}),
        ...(split?.[i] ? { awardedLines: split[i] } : {}),
      });
    }
    await db().updateTable('inquiries').set({ status: 'awarded' }).where('id', '=', inquiry.id).execute();
    awardedInquiries.push(inquiry.id);
    return inquiry;
  }

  const dashboard = async (who = user) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(who) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return JSON.stringify({
      savings_by_customer_month: body.savings_by_customer_month,
      awarded_volume_by_month: body.awarded_volume_by_month,
    });
  };
  const fromAwards = async (who = user) => JSON.stringify(await dashboardFromAwards(db(), who.tenantId, now));
  const expectSameAsAwards = async () => {
    expect(await dashboard()).toBe(await fromAwards());
    expect(await dashboard(other)).toBe(await fromAwards(other));
  };
  const keptSums = () =>
    Promise.all([
      db()
        .selectFrom('award_month_savings')
        .selectAll()
        .orderBy('tenant_id')
        .orderBy('month')
        .orderBy('customer_name')
        .execute(),
      db()
        .selectFrom('award_month_tonnes')
        .selectAll()
        .orderBy('tenant_id')
        .orderBy('month')
        .orderBy('product_name')
        .execute(),
    ]);

  it('when awards are whole or split, over several customers and months, grades typed in any case, then the kept sums answer what the awards sum to, however the savings were written', async () => {
    const vlsfo = (max: string) => ({ product: 'VLSFO', max });
    // This month: two customers, one unnamed; a grade in small letters and one with spaces.
    await award(user.tenantId, [vlsfo('500')], [['600'], ['606'], ['660']], month(0), 'Nordic Tankers');
    await award(
      user.tenantId,
      [{ product: 'mgo', max: '100.5' }],
      [['900'], ['950']],
      month(0),
      'Nordic Tankers',
    );
    await award(user.tenantId, [{ product: ' VLSFO ', max: '250' }], [['610'], ['640']], month(0), null);
    await award(user.tenantId, [vlsfo('320.5')], [['611'], ['615']], month(0), 'Baltic Shipping');
    // A split award: VLSFO to the first offer, MGO to the second, once in the savings.
    await award(
      user.tenantId,
      [vlsfo('300'), { product: 'MGO', max: '50' }],
      [
        ['590', '880'],
        ['600', '870'],
        ['605', '890'],
      ],
      month(0),
      'Baltic Shipping',
      [[0], [1]],
    );
    // One offer only: nothing to compare with, the saving is none; its tonnes still count.
    await award(user.tenantId, [{ product: 'Vlsfo', max: '80' }], [['700']], month(1), 'Baltic Shipping');
    await award(user.tenantId, [vlsfo('200')], [['610'], ['620']], month(1), 'Baltic Shipping');
    await award(user.tenantId, [{ product: 'LSMGO', max: '40' }], [['990'], ['995']], month(5), null);
    // Thirteen months ago: outside every series.
    await award(user.tenantId, [vlsfo('700')], [['500'], ['900']], month(12), 'Nordic Tankers');
    // Another company's award, same customer and month.
    await award(other.tenantId, [vlsfo('9000')], [['100'], ['900']], month(0), 'Nordic Tankers');

    // The first read computes and keeps every saving (fill on read), and with them the sums.
    const first = await dashboard();
    expect(first).toBe(await fromAwards());
    expect(JSON.parse(first).savings_by_customer_month.length).toBeGreaterThanOrEqual(4);
    expect(JSON.parse(first).awarded_volume_by_month.length).toBeGreaterThanOrEqual(4);
    // Left to the start-up backfill: the award of thirteen months ago (outside every series still)
    // and the other company's, whose dashboard no one has read.
    expect(await backfillAwardSavings(db())).toBe(2);
    await expectSameAsAwards();
    const kept = await keptSums();

    // Every saving written again over itself (an upsert: the old row's part goes, the new one's comes).
    await refreshAwardSavings(db(), user.tenantId, awardedInquiries);
    expect(await keptSums()).toEqual(kept);

    // Savings forgotten: the sums lose them, the dashboard's read fills them back.
    await db().deleteFrom('award_savings').where('inquiry_id', 'in', awardedInquiries.slice(0, 4)).execute();
    await expectSameAsAwards();
    expect(await keptSums()).toEqual(kept);

    // Forgotten again, the start-up backfill fills them.
    await db().deleteFrom('award_savings').where('inquiry_id', 'in', awardedInquiries.slice(2, 8)).execute();
    await backfillAwardSavings(db());
    expect(await keptSums()).toEqual(kept);

    // An award's transaction that rolls back keeps nothing.
    const late = await award(user.tenantId, [vlsfo('123.4')], [['600'], ['700']], month(0), 'Nordic Tankers');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await refreshAwardSavings(trx, user.tenantId, [late.id]);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(await keptSums()).toEqual(kept);

    // Kept in the award's transaction, as the award route does.
    await db()
      .transaction()
      .execute((trx) => refreshAwardSavings(trx, user.tenantId, [late.id]));
    expect(await keptSums()).not.toEqual(kept);
    await expectSameAsAwards();
  });
});
