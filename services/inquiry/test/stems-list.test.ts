import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { startRfq } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;
interface Row {
  id: string;
  reference: string;
  inquiry_id: string;
  vessel_name: string;
  supplier: { trading_name: string };
}

describe('the Stems list, paged and searched', () => {
  let s: Stack;
  let trader: Caller;
  let rival: Caller;
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity, { company_name: 'Fjord Bunkers AS', role: 'admin' });
    rival = await signUpTrader(s.identity, { company_name: 'Rival Marine Ltd', role: 'admin' });
  });
  afterAll(() => s.close());

  const list = (user: Caller, query = '') =>
    s.inquiry.app.inject({ method: 'GET', url: `/api/stems${query}`, headers: bearer(user) });
  const rows = async (user: Caller, query = '') => {
    const res = await list(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json().items as Row[], total: res.headers['x-total-count'] };
  };

  /** An inquiry for `vessel` awarded to `supplier`: its stem. */
  async function stemOf(user: Caller, vessel: string, supplier: string) {
    const inquiry = await createInquiry(s, user, { vessel_name: vessel });
    const link = await seedLink(s, user, inquiry.id, { supplierName: supplier });
    const won = await publicPost(s, link.token, offerBody(inquiry.lineIds));
    expect(won.statusCode, won.body).toBe(200);
    const award = await s.inquiry.app.inject({
      method: 'POST',
      url: `/api/offers/${won.json().offer_id}/award`,
      headers: bearer(user),
      payload: { notes: null, revision: 1 },
    });
    expect(award.statusCode, award.body).toBe(200);
    return inquiry.id;
  }

  it('when the company has more stems than a page, then each page holds its share newest first, the total in x-total-count, and search and inquiry narrow it to the company’s own', async () => {
    const first = await stemOf(trader, 'ALPHA STAR', 'Aegean Fuels');
    const second = await stemOf(trader, 'ALPHA WIND', 'Baltic_Oil 100%');
    const third = await stemOf(trader, 'SOUTH CROSS', 'Aegean Fuels');
    const theirs = await stemOf(rival, 'ALPHA RIVAL', 'Aegean Fuels');

    const all = await rows(trader);
    expect(all.total).toBe('3');
    expect(all.items.map((r) => r.inquiry_id)).toEqual([third, second, first]);
    const page1 = await rows(trader, '?limit=2&offset=0');
    const page2 = await rows(trader, '?limit=2&offset=2');
    expect([page1.total, page2.total]).toEqual(['3', '3']);
    expect([...page1.items, ...page2.items].map((r) => r.id)).toEqual(all.items.map((r) => r.id));
    expect(page1.items).toHaveLength(2);

    // Vessel, supplier, customer, reference; `%` and `_` are plain characters; the rival's never show.
    const alpha = await rows(trader, '?q=alpha');
    expect(alpha.items.map((r) => r.vessel_name)).toEqual(['ALPHA WIND', 'ALPHA STAR']);
    expect(alpha.total).toBe('2');
    expect((await rows(trader, '?q=nordic%20TANKERS')).total).toBe('3');
    const aegean = await rows(trader, '?q=AEGEAN&limit=1');
    expect(aegean.total).toBe('2');
    expect(aegean.items.map((r) => r.inquiry_id)).toEqual([third]);
    expect(
      (await rows(trader, `?q=${encodeURIComponent('c_Oil 100%')}`)).items.map((r) => r.inquiry_id),
    ).toEqual([second]);
    expect((await rows(trader, '?q=l%25Oil')).total).toBe('0');
    expect((await rows(trader, '?q=Aegean_Fuels')).total).toBe('0');
    const reference = all.items[1]!.reference;
    expect((await rows(trader, `?q=${reference}`)).items.map((r) => r.reference)).toEqual([reference]);

    const one = await rows(trader, `?inquiry_id=${second}`);
    expect(one.items.map((r) => r.inquiry_id)).toEqual([second]);
    expect(one.total).toBe('1');
    expect(await rows(trader, `?inquiry_id=${theirs}`)).toEqual({ items: [], total: '0' });
    expect((await rows(trader, '?status=draft&q=south')).items.map((r) => r.inquiry_id)).toEqual([third]);

    const rivals = await rows(rival);
    expect(rivals.items.map((r) => r.inquiry_id)).toEqual([theirs]);
    expect(rivals.total).toBe('1');
  });

  it('when the paging, inquiry or search is malformed, then the list answers 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=ten', 'limit'],
      ['?offset=-1', 'offset'],
      ['?inquiry_id=not-an-id', 'inquiry_id'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?status=lost', 'status'],
    ];
    for (const [query, field] of cases) {
      const res = await list(trader, query);
      expect(res.statusCode, query).toBe(400);
      expect(
        (res.json().errors as { field: string }[]).map((e) => e.field),
        query,
      ).toEqual([field]);
    }
    expect((await list(trader, '?limit=200')).statusCode).toBe(200);
  });
});
