import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { mayLackKeptSavings } from '../src/data/dashboard-figures.repository';
import { backfillAwardSavings } from '../src/domain/insights/award-savings';
import { dashboardFromAwards } from './dashboard-from-awards';
import { startRfq } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

/**
 * The kept savings (award_savings): written by the award, read by the dashboard, filled where
 * missing. The inquiry has the fixtures' two lines, VLSFO 600.5 MT and MGO 80 MT (the max), and
 * offers without charges, so each landed cost is its lines' prices times the tonnes.
 */
describe('the savings kept with each award', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  const db = () => s.inquiry.deps.database.db;
  const api = (who: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
  const kept = async (inquiryId: string) =>
    (await db()
      .selectFrom('award_savings')
      .select(['vs_average_usd', 'vs_highest_usd'])
      .where('inquiry_id', '=', inquiryId)
      .executeTakeFirst()) ?? null;
  const forget = (inquiryIds: string[]) =>
    db().deleteFrom('award_savings').where('inquiry_id', 'in', inquiryIds).execute();

  /**
   * Offers at 600/900 (432,300.00 landed), 650/950 (466,325.00) and 640/880 (454,720.00): mean
   * 451,115.00.
   */
  async function threeOffers(trader: Caller) {
    const inquiry = await createInquiry(s, trader);
    const ids: string[] = [];
    for (const [name, prices] of [
      ['Cheap VLSFO', ['600', '900']],
      ['Dear Oil', ['650', '950']],
      ['Cheap MGO', ['640', '880']],
    ] as const) {
      const link = await seedLink(s, trader, inquiry.id, { supplierName: name });
      const res = await publicPost(
        s,
        link.token,
        offerBody(inquiry.lineIds, [...prices], { barging_charges: 0, other_charges: 0 }),
      );
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().offer_id as string);
    }
    return { inquiry, ids: ids as [string, string, string] };
  }
  const awardWhole = async (trader: Caller, offerId: string) => {
    const res = await api(trader, 'POST', `/api/offers/${offerId}/award`, { notes: null, revision: 1 });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** VLSFO from the first offer (360,300.00), MGO from the third (70,400.00): 430,700.00. */
  const awardSplit = async (trader: Caller, x: Awaited<ReturnType<typeof threeOffers>>) => {
    const [vlsfo, mgo] = x.inquiry.lineIds as [string, string];
    const res = await api(trader, 'POST', `/api/inquiries/${x.inquiry.id}/award`, {
      lines: [
        { product_line_id: vlsfo, offer_id: x.ids[0], revision: 1 },
        { product_line_id: mgo, offer_id: x.ids[2], revision: 1 },
      ],
      not_placed: [],
      notes: null,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const detailSavings = async (trader: Caller, inquiryId: string) =>
    (await api(trader, 'GET', `/api/inquiries/${inquiryId}`)).json().savings;

  it('when a trader awards an offer whole or splits an award, then the award keeps the saving its inquiry shows, and index values set afterwards are refused and change nothing', async () => {
    const trader = await signUpTrader(s.identity);
    const whole = await threeOffers(trader);
    await awardWhole(trader, whole.ids[0]);
    // 451,115.00 - 432,300.00; 466,325.00 - 432,300.00.
    expect(await kept(whole.inquiry.id)).toEqual({ vs_average_usd: '18815.00', vs_highest_usd: '34025.00' });
    expect(await detailSavings(trader, whole.inquiry.id)).toEqual(await kept(whole.inquiry.id));

    const split = await threeOffers(trader);
    await awardSplit(trader, split);
    // 451,115.00 - 430,700.00; 466,325.00 - 430,700.00.
    expect(await kept(split.inquiry.id)).toEqual({ vs_average_usd: '20415.00', vs_highest_usd: '35625.00' });
    expect(await detailSavings(trader, split.inquiry.id)).toEqual(await kept(split.inquiry.id));

    // What a saving depends on is fixed by the award: were index values allowed after it, the kept
    // saving would have to be refreshed with them.
    const values = await api(trader, 'PUT', `/api/inquiries/${whole.inquiry.id}/index-values`, {
      values: [{ index_name: 'VLSFO Platts', value: '500', as_of: '2026-11-20' }],
    });
    expect(values.statusCode, values.body).toBe(409);
    expect(await kept(whole.inquiry.id)).toEqual({ vs_average_usd: '18815.00', vs_highest_usd: '34025.00' });

    // The awards' transactions kept the dashboard's sums per month too (nothing left to fill on
    // read): they answer what the awards sum to.
    expect(await mayLackKeptSavings(db(), trader.tenantId)).toBe(false);
    const dashboard = (await api(trader, 'GET', '/api/dashboard')).json();
    expect(
      JSON.stringify({
        savings_by_customer_month: dashboard.savings_by_customer_month,
        awarded_volume_by_month: dashboard.awarded_volume_by_month,
      }),
    ).toBe(JSON.stringify(await dashboardFromAwards(db(), trader.tenantId, new Date())));
    expect(dashboard.savings_this_month_usd).toBe('39230.00');
  });

  it('when an award has no kept saving, then the dashboard computes it, sums it as before and keeps it', async () => {
    const trader = await signUpTrader(s.identity);
    const whole = await threeOffers(trader);
    await awardWhole(trader, whole.ids[0]);
    const split = await threeOffers(trader);
    await awardSplit(trader, split);
    const dashboard = async () => {
      const res = await api(trader, 'GET', '/api/dashboard');
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const before = await dashboard();
    // 18,815.00 + 20,415.00 against the mean.
    expect(before.savings_this_month_usd).toBe('39230.00');

    await forget([whole.inquiry.id, split.inquiry.id]);
    const after = await dashboard();
    expect(after.savings_this_month_usd).toBe('39230.00');
    expect(after.savings_by_customer_month).toEqual(before.savings_by_customer_month);
    expect(await kept(whole.inquiry.id)).toEqual({ vs_average_usd: '18815.00', vs_highest_usd: '34025.00' });
    expect(await kept(split.inquiry.id)).toEqual({ vs_average_usd: '20415.00', vs_highest_usd: '35625.00' });
  });

  it('when awards have no kept saving at the start, then the backfill keeps one for each, "none" included', async () => {
    const trader = await signUpTrader(s.identity);
    const whole = await threeOffers(trader);
    await awardWhole(trader, whole.ids[0]);
    // Only VLSFO placed: nothing to compare the award with, its saving is none (null figures).
    const partial = await threeOffers(trader);
    const res = await api(trader, 'POST', `/api/inquiries/${partial.inquiry.id}/award`, {
      lines: [{ product_line_id: partial.inquiry.lineIds[0]!, offer_id: partial.ids[0], revision: 1 }],
      not_placed: [partial.inquiry.lineIds[1]!],
      notes: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const none = { vs_average_usd: null, vs_highest_usd: null };
    expect(await kept(partial.inquiry.id)).toEqual(none);

    await forget([whole.inquiry.id, partial.inquiry.id]);
    expect(await backfillAwardSavings(db())).toBeGreaterThanOrEqual(2);
    expect(await kept(whole.inquiry.id)).toEqual({ vs_average_usd: '18815.00', vs_highest_usd: '34025.00' });
    expect(await kept(partial.inquiry.id)).toEqual(none);
    // Nothing left to fill: a second pass writes nothing.
    expect(await backfillAwardSavings(db())).toBe(0);
  });
});
