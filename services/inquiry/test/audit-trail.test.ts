import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@mfd/contracts';
import { bearer, makeUser } from '@mfd/testing';
import { startRfq } from './harness';
import { newInquiry } from './inquiry-fixtures';
import {
  createInquiry,
  createSupplier,
  offerBody,
  publicGet,
  publicPost,
  seedLink,
  signUpTrader,
  type Caller,
} from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

describe('the audit trail of an inquiry and its timeline', () => {
  let s: Stack;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfq();
    // The identity harness signs people up as Maria Jensen.
    trader = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

  async function timeline(inquiryId: string, user: Caller = trader): Promise<TimelineItem[]> {
    const res = await api(user, 'GET', `/api/inquiries/${inquiryId}/timeline?limit=200`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  }
  const ofType = <T extends TimelineItem['type']>(items: TimelineItem[], type: T) =>
    items.filter((i): i is Extract<TimelineItem, { type: T }> => i.type === type);

  async function detailOf(inquiryId: string) {
    return (await api(trader, 'GET', `/api/inquiries/${inquiryId}`)).json() as {
      customer_company_id: string;
      port_id: string;
    };
  }

  it('when a trader creates an inquiry, edits it and its lines, then each step is on the timeline oldest first, under the trader’s name, with each change before and after', async () => {
    const inquiry = await createInquiry(s, trader);
    const { customer_company_id: customerId, port_id: portId } = await detailOf(inquiry.id);
    const edit = {
      ...newInquiry(customerId, portId),
      eta: '2030-12-10T09:30:00+08:00',
      commentary: 'Barge only.',
      products: undefined,
    };
    expect((await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, edit)).statusCode).toBe(200);
    // Saving the same again changes nothing, and the trail says nothing.
    expect((await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, edit)).statusCode).toBe(200);
    const added = await api(trader, 'POST', `/api/inquiries/${inquiry.id}/products`, {
      product_name: 'HSFO',
      quantity_mt_min: 100,
      quantity_mt_max: '150.5',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(
      (
        await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/products/${inquiry.lineIds[0]}`, {
          product_name: 'VLSFO',
          quantity_mt_min: 500,
          quantity_mt_max: 700,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await api(trader, 'DELETE', `/api/inquiries/${inquiry.id}/products/${inquiry.lineIds[1]}`)).statusCode,
    ).toBe(200);

    const items = await timeline(inquiry.id);
    expect(items.map((i) => i.type)).toEqual([
      'inquiry_created',
      'inquiry_edited',
      'line_added',
      'line_changed',
      'line_removed',
    ]);
    for (const item of items) expect(item.actor).toEqual({ kind: 'user', name: 'Maria Jensen' });
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort());
    expect(items[0]).toMatchObject({
      detail: {
        vessel_name: 'MSC OSCAR',
        port_name: 'Singapore',
        customer_name: 'Nordic Tankers A/S',
        line_count: 2,
        copied_from: null,
      },
      changes: {},
    });
    expect(items[1]!.changes).toEqual({
      eta: { before: '2030-12-10T00:00:00.000Z', after: '2030-12-10T01:30:00.000Z' },
      commentary: { before: 'Prefer barge delivery.', after: 'Barge only.' },
    });
    expect(items[2]).toMatchObject({
      detail: { product_name: 'HSFO' },
      changes: {
        product_name: { before: null, after: 'HSFO' },
        quantity_mt_min: { before: null, after: '100' },
        quantity_mt_max: { before: null, after: '150.5' },
      },
    });
    expect(items[3]).toMatchObject({
      detail: { product_name: 'VLSFO' },
      changes: { quantity_mt_max: { before: '600.5', after: '700' } },
    });
    expect(Object.keys(items[3]!.changes)).toEqual(['quantity_mt_max']);
    expect(items[4]).toMatchObject({
      detail: { product_name: 'MGO' },
      changes: {
        product_name: { before: 'MGO', after: null },
        quantity_mt_max: { before: '80', after: null },
      },
    });
  });

  it('when an inquiry is copied, then the copy’s timeline starts with its creation from the source', async () => {
    const source = await createInquiry(s, trader);
    const copied = await api(trader, 'POST', `/api/inquiries/${source.id}/copy`);
    expect(copied.statusCode, copied.body).toBe(201);
    const [created, ...rest] = await timeline(copied.json().id);
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      type: 'inquiry_created',
      actor: { kind: 'user', name: 'Maria Jensen' },
      detail: { copied_from: source.id, line_count: 2, vessel_name: 'MSC OSCAR' },
    });
  });

  it('when the inquiry is sent, a supplier opens its link three times, offers and revises, then the timeline names the recipients, the link’s first and last open, and the offers under the supplier’s name with what changed', async () => {
    const inquiry = await createInquiry(s, trader);
    const link = await seedLink(s, trader, inquiry.id, {
      supplierName: 'Lion City Bunkering',
      email: 'quotes@lioncity.example',
    });
    for (let i = 0; i < 3; i += 1) expect((await publicGet(s, link.token)).statusCode).toBe(200);
    const terms = { valid_until: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString() };
    expect(
      (await publicPost(s, link.token, offerBody(inquiry.lineIds, ['612.50', '845'], terms))).statusCode,
    ).toBe(200);
    expect(
      (await publicPost(s, link.token, offerBody(inquiry.lineIds, ['605', '845'], terms))).statusCode,
    ).toBe(200);

    const items = await timeline(inquiry.id);
    expect(items.map((i) => i.type)).toEqual([
      'inquiry_created',
      'inquiry_distributed',
      'link_opened',
      'offer_submitted',
      'offer_revised',
    ]);
    const [distributed] = ofType(items, 'inquiry_distributed');
    expect(distributed).toMatchObject({
      actor: { kind: 'user', name: 'Maria Jensen' },
      detail: {
        recipients: [
          {
            supplier_name: 'Lion City Bunkering',
            contact_name: null,
            email: 'quotes@lioncity.example',
            resent: false,
          },
        ],
        skipped_count: 0,
      },
      changes: { status: { before: 'draft', after: 'distributed' } },
    });

    // Three views, one row: the first open, with the last one and the count beside it.
    const [opened] = ofType(items, 'link_opened');
    expect(opened!.actor).toEqual({ kind: 'supplier', name: 'Lion City Bunkering' });
    expect(opened!.detail).toMatchObject({ email: 'quotes@lioncity.example', open_count: 3 });
    expect(Date.parse(opened!.detail.last_opened_at)).toBeGreaterThan(Date.parse(opened!.at));
    const openRows = await s.inquiry.deps.database.db
      .selectFrom('audit_events')
      .select('seq')
      .where('inquiry_id', '=', inquiry.id)
      .where('type', '=', 'link_opened')
      .execute();
    expect(openRows).toHaveLength(1);

    const [submitted] = ofType(items, 'offer_submitted');
    const [revised] = ofType(items, 'offer_revised');
    expect(submitted).toMatchObject({
      actor: { kind: 'supplier', name: 'Lion City Bunkering' },
      detail: { supplier_name: 'Lion City Bunkering', revision: 1 },
      changes: {
        'VLSFO price': { before: null, after: '612.50' },
        'MGO price': { before: null, after: '845.00' },
        status: { before: 'distributed', after: 'quoting' },
      },
    });
    expect(submitted!.detail.total_landed_cost).toMatch(/^\d+\.\d{2}$/);
    expect(revised).toMatchObject({
      actor: { kind: 'supplier', name: 'Lion City Bunkering' },
      detail: { revision: 2 },
    });
    // Only what the supplier changed: the VLSFO price, and so the landed cost.
    expect(Object.keys(revised!.changes).sort()).toEqual(['VLSFO price', 'total_landed_cost']);
    expect(revised!.changes['VLSFO price']).toEqual({ before: '612.50', after: '605.00' });
  });

  it('when a sent inquiry is edited and the amendment sent, then the edit and the amendment with what it listed are both on the timeline', async () => {
    const inquiry = await createInquiry(s, trader);
    await seedLink(s, trader, inquiry.id);
    await seedLink(s, trader, inquiry.id);
    const { customer_company_id: customerId, port_id: portId } = await detailOf(inquiry.id);
    const res = await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, {
      ...newInquiry(customerId, portId, { vessel_name: 'MSC OSCAR II' }),
      products: undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await timeline(inquiry.id)).at(-1)).toMatchObject({ type: 'inquiry_edited' });
    const sent = await api(trader, 'POST', `/api/inquiries/${inquiry.id}/amendments`, {
      message: 'Renamed at the owner’s request.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const items = await timeline(inquiry.id);
    expect(items.slice(-2)).toMatchObject([
      { type: 'inquiry_edited', changes: { vessel_name: { before: 'MSC OSCAR', after: 'MSC OSCAR II' } } },
      {
        type: 'amendment_sent',
        detail: {
          revision: 2,
          recipient_count: 2,
          message: 'Renamed at the owner’s request.',
          reply_by: null,
        },
        changes: { Vessel: { before: 'MSC OSCAR', after: 'MSC OSCAR II' } },
      },
    ]);
  });

  it('when the trader records an offer, sets index values and awards, then each is recorded under the trader; the award names the losers', async () => {
    const inquiry = await createInquiry(s, trader);
    const winner = await seedLink(s, trader, inquiry.id, { supplierName: 'Winner Fuels' });
    expect((await publicPost(s, winner.token, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    const phoned = await createSupplier(s, trader, 'Phone Bunkers Pte');
    const recorded = await api(trader, 'POST', `/api/inquiries/${inquiry.id}/offers`, {
      supplier_id: phoned,
      ...offerBody(inquiry.lineIds, ['640', '880']),
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const values = { index_name: 'Platts Singapore Marine Fuel 0.5%', value: '600', as_of: '2030-11-20' };
    for (const value of ['600', '601.25'])
      expect(
        (
          await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/index-values`, {
            values: [{ ...values, value }],
          })
        ).statusCode,
      ).toBe(200);
    const offers = (await api(trader, 'GET', `/api/inquiries/${inquiry.id}/offers`)).json() as {
      id: string;
      revision: number;
      supplier: { trading_name: string };
    }[];
    const winning = offers.find((o) => o.supplier.trading_name === 'Winner Fuels')!;
    const awarded = await api(trader, 'POST', `/api/offers/${winning.id}/award`, {
      notes: 'Best landed cost',
      revision: winning.revision,
    });
    expect(awarded.statusCode, awarded.body).toBe(200);

    const items = await timeline(inquiry.id);
    const [phonedIn] = ofType(items, 'offer_recorded');
    expect(phonedIn).toMatchObject({
      actor: { kind: 'user', name: 'Maria Jensen' },
      detail: { supplier_name: 'Phone Bunkers Pte', revision: 1 },
      changes: { 'VLSFO price': { before: null, after: '640.00' } },
    });
    expect(ofType(items, 'index_values_set').map((i) => i.changes)).toEqual([
      { 'Platts Singapore Marine Fuel 0.5%': { before: null, after: '600.00 as of 2030-11-20' } },
      {
        'Platts Singapore Marine Fuel 0.5%': {
          before: '600.00 as of 2030-11-20',
          after: '601.25 as of 2030-11-20',
        },
      },
    ]);
    // The award is the trader's last step; the draft stem it makes is recorded right after it.
    expect(items.slice(-2).map((i) => i.type)).toEqual(['offer_awarded', 'stem_created']);
    expect(items.at(-2)).toMatchObject({
      type: 'offer_awarded',
      actor: { kind: 'user', name: 'Maria Jensen' },
      detail: {
        supplier_name: 'Winner Fuels',
        revision: 1,
        notes: 'Best landed cost',
        not_awarded: ['Phone Bunkers Pte'],
        not_awarded_count: 1,
      },
      changes: { status: { before: 'quoting', after: 'awarded' } },
    });
  });

  it('when a sent inquiry is cancelled, then the timeline says why and how many suppliers were told', async () => {
    const inquiry = await createInquiry(s, trader);
    await seedLink(s, trader, inquiry.id);
    const res = await api(trader, 'POST', `/api/inquiries/${inquiry.id}/cancel`, {
      reason: 'Vessel diverted',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await timeline(inquiry.id)).at(-1)).toMatchObject({
      type: 'inquiry_cancelled',
      actor: { kind: 'user', name: 'Maria Jensen' },
      detail: { reason: 'Vessel diverted', notice_count: 1 },
      changes: { status: { before: 'distributed', after: 'cancelled' } },
    });
  });

  it('when a trader’s name changes later, then what the trader did before keeps the name it was done under', async () => {
    const colleague = await signUpTrader(s.identity, { first_name: 'Anna', last_name: 'Berg' });
    const inquiry = await createInquiry(s, colleague);
    await s.identity.deps.database.db
      .updateTable('users')
      .set({ first_name: 'Anna', last_name: 'Lund' })
      .where('id', '=', colleague.userId)
      .execute();
    const [created] = await timeline(inquiry.id, colleague);
    expect(created!.actor).toEqual({ kind: 'user', name: 'Anna Berg' });
  });

  it('when identity cannot name the caller, then the change goes through under the name the trail last recorded, or as an unknown user', async () => {
    // A token identity does not know: it answers 401 for its name, as an unreachable identity would fail.
    const unknown = makeUser();
    const inquiry = await createInquiry(s, unknown);
    const [created] = await timeline(inquiry.id, unknown);
    expect(created!.actor).toEqual({ kind: 'user', name: 'Unknown user' });
    await s.inquiry.deps.database.db
      .insertInto('audit_events')
      .values({
        tenant_id: unknown.tenantId,
        inquiry_id: inquiry.id,
        actor_kind: 'user',
        actor_id: unknown.userId,
        actor_name: 'Karin Holm',
        type: 'inquiry_edited',
        detail: {},
        changes: {},
      })
      .execute();
    const res = await api(unknown, 'DELETE', `/api/inquiries/${inquiry.id}/products/${inquiry.lineIds[1]}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await timeline(inquiry.id, unknown)).at(-1)).toMatchObject({
      type: 'line_removed',
      actor: { kind: 'user', name: 'Karin Holm' },
    });
  });

  it('when the timeline is read in pages, then the pages join into the whole trail in order, and a bad cursor or size is a 400', async () => {
    const inquiry = await createInquiry(s, trader);
    for (const max of [601, 602, 603, 604])
      await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/products/${inquiry.lineIds[0]}`, {
        product_name: 'VLSFO',
        quantity_mt_min: 500,
        quantity_mt_max: max,
      });
    const whole = await timeline(inquiry.id);
    expect(whole).toHaveLength(5);
    const pages: TimelineItem[][] = [];
    let after: string | null = null;
    do {
      const query: string = after ? `limit=2&after=${after}` : 'limit=2';
      const res = await api(trader, 'GET', `/api/inquiries/${inquiry.id}/timeline?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json().items);
      after = res.json().next_cursor;
    } while (after);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(whole);
    for (const query of ['after=abc', 'limit=0', 'limit=201']) {
      const res = await api(trader, 'GET', `/api/inquiries/${inquiry.id}/timeline?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('when a user of another company asks for the timeline, then 404 and nothing of it', async () => {
    const inquiry = await createInquiry(s, trader);
    const res = await api(makeUser(), 'GET', `/api/inquiries/${inquiry.id}/timeline`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('MSC OSCAR');
  });
});
