import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { bearer } from '@mfd/testing';
import { startRfq } from './harness';
import {
  createInquiry,
  createSupplier,
  offerBody,
  publicPost,
  seedLink,
  signUpTrader,
  type Caller,
} from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

const MINUTE = 60_000;

interface View {
  id: string;
  status: string;
  source: string;
  revision: number;
  supplier: { id: string | null; trading_name: string };
  per_product_lines: Record<string, { product_name: string; price_per_mt: string; short: boolean }>;
  total_stem_cost: string;
  partial: boolean;
  expired: boolean;
  priced_before_amendment: boolean;
  response_seconds: number | null;
  cheapest_total: boolean;
  cheapest_lines: string[];
}

/** VLSFO 500–600.5 MT, MGO 50–80 MT and HSFO 0.1–0.5 MT: odd quantities, so totals need exact decimals. */
const THREE_LINES = {
  products: [
    { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: '600.5' },
    { product_name: 'MGO', quantity_mt_min: '50', quantity_mt_max: 80 },
    { product_name: 'HSFO', quantity_mt_min: '0.1', quantity_mt_max: '0.5' },
  ],
};

describe('offers compared and recorded by the trader', () => {
  let s: Stack;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const offersOf = async (inquiryId: string, user = trader) => {
    const res = await api(user, 'GET', `/api/inquiries/${inquiryId}/offers`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as View[];
  };

  /** Each supplier prices the three lines (null leaves a line out) through its own link. */
  async function priced(
    inquiryId: string,
    lineIds: string[],
    name: string,
    prices: (string | null)[],
    extra: object = {},
    lineExtra: object[] = [],
  ) {
    const link = await seedLink(s, trader, inquiryId, {
      supplierName: name,
      firstSentAt: new Date(Date.now() - 90 * MINUTE),
    });
    const lines = lineIds
      .map((id, i) => ({
        product_line_id: id,
        price_per_mt: prices[i],
        min_deliverable: '0.1',
        max_deliverable: '700',
        delivery_method: 'barge',
        ...lineExtra[i],
      }))
      .filter((l) => l.price_per_mt !== null);
    const res = await publicPost(s, link.token, {
      ...offerBody(lineIds),
      barging_charges: 0,
      other_charges: 0,
      lines,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().offer_id as string;
  }

  it('when offers are compared, then totals are exact, partial and expired offers are never cheapest, short lines are flagged and response times shown', async () => {
    const { id, lineIds } = await createInquiry(s, trader, THREE_LINES);
    const [vlsfo, mgo, hsfo] = lineIds as [string, string, string];
    const a = await priced(id, lineIds, 'Alpha Bunkers', ['612.35', '845.15', '0.03'], {
      barging_charges: '0.1',
      other_charges: 0.2,
    });
    const b = await priced(id, lineIds, 'Bravo Marine', ['612.30', '845.20', '0.20'], {}, [
      {},
      { max_deliverable: '60' },
    ]);
    const c = await priced(id, lineIds, 'Charlie Oil', ['600', null, null]);
    const d = await priced(id, lineIds, 'Delta Fuels', ['500', '500', '0.01']);
    // Delta's validity lapses.
    await s.inquiry.deps.database.db
      .updateTable('offers')
      .set({ valid_until: new Date(Date.now() - 1000) })
      .where('id', '=', d)
      .execute();

    const views = new Map((await offersOf(id)).map((v) => [v.id, v]));
    expect(views.size).toBe(4);
    const [va, vb, vc, vd] = [views.get(a)!, views.get(b)!, views.get(c)!, views.get(d)!];

    // Each part rounded half up to cents, then summed: 612.35 × 600.5 = 367716.175 -> 367716.18,
    // 845.15 × 80 = 67612, 0.03 × 0.5 = 0.015 -> 0.02, charges 0.1 + 0.2.
    expect(va).toMatchObject({
      total_stem_cost: '435328.50',
      partial: false,
      cheapest_total: false,
      expired: false,
    });
    expect(va.cheapest_lines.sort()).toEqual([mgo, hsfo].sort());
    expect(va.per_product_lines[vlsfo]).toMatchObject({
      product_name: 'VLSFO',
      price_per_mt: '612.35',
      short: false,
    });
    // Short on MGO (60 of 80 MT): still counted at the 80 MT asked for, and flagged.
    expect(vb).toMatchObject({
      total_stem_cost: '435302.25',
      partial: false,
      cheapest_total: true,
      cheapest_lines: [],
    });
    expect(vb.per_product_lines[mgo]).toMatchObject({ short: true, price_per_mt: '845.20' });
    expect(vb.per_product_lines[vlsfo]!.short).toBe(false);
    // Partial: the lowest total only by leaving lines out, so never the cheapest overall.
    expect(vc).toMatchObject({
      total_stem_cost: '360300.00',
      partial: true,
      cheapest_total: false,
      cheapest_lines: [vlsfo],
    });
    expect(Object.keys(vc.per_product_lines)).toEqual([vlsfo]);
    // Expired: cheapest everywhere on paper, marked nowhere. 500 × 600.5 + 500 × 80 + 0.01 × 0.5 = 340250.005, half up.
    expect(vd).toMatchObject({
      total_stem_cost: '340250.01',
      expired: true,
      cheapest_total: false,
      cheapest_lines: [],
    });

    for (const v of [va, vb, vc, vd]) {
      expect(v.source).toBe('link');
      expect(v.priced_before_amendment).toBe(false);
      expect(v.response_seconds).toBeGreaterThanOrEqual(90 * 60 - 1);
      expect(v.response_seconds).toBeLessThanOrEqual(90 * 60 + 30);
    }
  });

  it('when the inquiry is amended after offers came in, then those offers are priced before the amendment until revised', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id);
    await publicPost(s, link.token, offerBody(lineIds));
    const other = await seedLink(s, trader, id);
    await publicPost(s, other.token, offerBody(lineIds));
    // An amendment after sending counts a revision of the inquiry.
    await s.inquiry.deps.database.db
      .updateTable('inquiries')
      .set((eb) => ({ revision: eb('revision', '+', 1), amended_at: new Date() }))
      .where('id', '=', id)
      .execute();
    await publicPost(s, link.token, offerBody(lineIds, ['600', '800']));

    const views = await offersOf(id);
    // The revised offer keeps its place: columns are in the order the offers were first made.
    expect(views.map((v) => v.supplier.trading_name)).toEqual([link.supplierName, other.supplierName]);
    const bySupplier = new Map(views.map((v) => [v.supplier.trading_name, v]));
    expect(bySupplier.get(link.supplierName)).toMatchObject({ revision: 2, priced_before_amendment: false });
    expect(bySupplier.get(other.supplierName)).toMatchObject({ revision: 1, priced_before_amendment: true });
  });

  it('when a trader records an offer received by phone, then it joins the comparison as a manual offer and moves the inquiry to quoting', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const supplierId = await createSupplier(s, trader, 'Phone Bunkering Co');
    const res = await api(trader, 'POST', `/api/inquiries/${id}/offers`, {
      ...offerBody(lineIds, ['610', '850']),
      supplier_id: supplierId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, revision: 1, detail: 'Offer recorded successfully!' });
    expect((await api(trader, 'GET', `/api/inquiries/${id}`)).json().status).toBe('quoting');

    const [view] = await offersOf(id);
    expect(view).toMatchObject({
      id: res.json().offer_id,
      source: 'manual',
      status: 'submitted',
      supplier: { id: supplierId, trading_name: 'Phone Bunkering Co' },
      response_seconds: null,
      // 610 × 600.5 + 850 × 80 + 1200
      total_stem_cost: '435505.00',
    });
    const row = await s.inquiry.deps.database.db
      .selectFrom('offers')
      .select(['supplier_email', 'recorded_by', 'recipient_id'])
      .where('id', '=', view!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      supplier_email: 'sales@phone-bunkering-co.example',
      recorded_by: trader.userId,
      recipient_id: null,
    });
  });

  it('when a trader records an offer for a supplier the inquiry was sent to, then it revises that supplier’s offer and keeps its address and response time', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const supplierId = await createSupplier(s, trader, 'Linked Fuels', 'trading@linked-fuels.example');
    const link = await seedLink(s, trader, id, {
      supplierId,
      supplierName: 'Linked Fuels',
      email: 'trading@linked-fuels.example',
      firstSentAt: new Date(Date.now() - 10 * MINUTE),
    });
    const res = await api(trader, 'POST', `/api/inquiries/${id}/offers`, {
      ...offerBody(lineIds),
      supplier_id: supplierId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const viaLink = await publicPost(s, link.token, offerBody(lineIds, ['599']));
    expect(viaLink.json()).toMatchObject({ offer_id: res.json().offer_id, revision: 2 });
    const [view] = await offersOf(id);
    expect(view).toMatchObject({ revision: 2, source: 'link' });
    expect(view!.response_seconds).toBeGreaterThanOrEqual(600 - 1);
    const history = (await api(trader, 'GET', `/api/offers/${view!.id}/revisions`)).json();
    expect(history.map((h: { offer: { source: string } }) => h.offer.source)).toEqual(['manual', 'link']);
    const row = await s.inquiry.deps.database.db
      .selectFrom('offers')
      .select(['supplier_email', 'recipient_id'])
      .where('id', '=', view!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ supplier_email: 'trading@linked-fuels.example', recipient_id: link.recipientId });
  });

  it('when a recorded offer names no supplier of the directory or a bad field (a validity over 90 days ahead too), then 400 names it; a closed inquiry is 409', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const foreign = await createSupplier(s, await signUpTrader(s.identity), 'Not Yours Ltd');
    for (const supplierId of [randomUUID(), foreign]) {
      const res = await api(trader, 'POST', `/api/inquiries/${id}/offers`, {
        ...offerBody(lineIds),
        supplier_id: supplierId,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'supplier_id', message: 'Supplier not found: choose one from the list' },
      ]);
    }
    const supplierId = await createSupplier(s, trader, 'Careful Traders');
    const bad = await api(trader, 'POST', `/api/inquiries/${id}/offers`, {
      ...offerBody(lineIds, ['0', '845.123']),
      supplier_id: supplierId,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['lines.0.price_per_mt', 'lines.1.price_per_mt']);
    const tooLong = await api(trader, 'POST', `/api/inquiries/${id}/offers`, {
      ...offerBody(lineIds, undefined, {
        valid_until: new Date(Date.now() + 91 * 24 * 3_600_000).toISOString(),
      }),
      supplier_id: supplierId,
    });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json().errors).toEqual([
      { field: 'valid_until', message: 'Valid until must be at most 90 days ahead' },
    ]);
    expect(await offersOf(id)).toEqual([]);

    await api(trader, 'POST', `/api/inquiries/${id}/cancel`, { reason: null });
    const closed = await api(trader, 'POST', `/api/inquiries/${id}/offers`, {
      ...offerBody(lineIds),
      supplier_id: supplierId,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe('This inquiry does not take offers: it has been cancelled.');
  });

  it('when a trader of another company asks for any offer route of this one, then 404 and nothing changes', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id);
    const offerId = (await publicPost(s, link.token, offerBody(lineIds))).json().offer_id as string;
    const stranger = await signUpTrader(s.identity);
    const strangersSupplier = await createSupplier(s, stranger, 'Stranger Oil');

    const calls: [string, string, object | undefined][] = [
      ['GET', `/api/inquiries/${id}/offers`, undefined],
      ['GET', `/api/offers/${offerId}/revisions`, undefined],
      ['POST', `/api/inquiries/${id}/offers`, { ...offerBody(lineIds), supplier_id: strangersSupplier }],
      ['POST', `/api/offers/${offerId}/award`, { notes: 'mine now', revision: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await api(stranger, method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect((await api(stranger, 'GET', '/api/offers/supplier-stats')).json()).toEqual([]);
    const [view] = await offersOf(id);
    expect(view).toMatchObject({ id: offerId, status: 'submitted', revision: 1 });
  });

  it('when an unknown id is asked for, then 404', async () => {
    expect((await api(trader, 'GET', `/api/inquiries/${randomUUID()}/offers`)).statusCode).toBe(404);
    expect((await api(trader, 'GET', `/api/offers/${randomUUID()}/revisions`)).statusCode).toBe(404);
    expect((await api(trader, 'POST', `/api/offers/${randomUUID()}/award`, { revision: 1 })).statusCode).toBe(
      404,
    );
  });
  it('when the first mail and the first submission are 2.4992 s apart, then the response time is 3: the milliseconds the dates hold (2.500 s), half up', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const supplierId = await createSupplier(s, trader, 'Prompt Fuels', 'desk@prompt-fuels.example');
    const link = await seedLink(s, trader, id, {
      supplierId,
      supplierName: 'Prompt Fuels',
      email: 'desk@prompt-fuels.example',
    });
    expect((await publicPost(s, link.token, offerBody(lineIds))).statusCode).toBe(200);
    const [offer] = await offersOf(id);
    const { db } = s.inquiry.deps.database;
    await sql`update inquiry_recipients set first_sent_at = '2026-01-05T12:00:00.000900Z'
      where id = (select recipient_id from offers where id = ${offer!.id})`.execute(db);
    await sql`update offer_revisions set submitted_at = '2026-01-05T12:00:02.500100Z' where offer_id = ${offer!.id}`.execute(
      db,
    );
    expect((await offersOf(id))[0]!.response_seconds).toBe(3);
  });
});
