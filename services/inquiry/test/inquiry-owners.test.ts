import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeColleague, type TestUser } from '@mfd/testing';
import { startRfq } from './harness';
import { createInquiry, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

describe('the owner of an inquiry', () => {
  let s: Stack;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfq();
    // The identity harness signs people up as Maria Jensen.
    trader = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'GET' | 'PUT', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

  it('when a trader creates an inquiry, then its creator owns it, in the detail and the list', async () => {
    const inquiry = await createInquiry(s, trader);
    const detail = (await api(trader, 'GET', `/api/inquiries/${inquiry.id}`)).json();
    expect(detail.owner).toEqual({ id: trader.userId, name: 'Maria Jensen' });
    const list = (await api(trader, 'GET', '/api/inquiries')).json() as { id: string; owner: object }[];
    expect(list.find((i) => i.id === inquiry.id)?.owner).toEqual({ id: trader.userId, name: 'Maria Jensen' });
  });

  it('when a colleague lists ?owner=me, then only their own inquiries answer; without it, every inquiry of the company', async () => {
    const inquiry = await createInquiry(s, trader);
    const colleague = makeColleague(trader as TestUser);
    const mine = await api(colleague, 'GET', '/api/inquiries?owner=me');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual([]);
    expect(mine.headers['x-total-count']).toBe('0');
    const all = (await api(colleague, 'GET', '/api/inquiries')).json() as { id: string }[];
    expect(all.map((i) => i.id)).toContain(inquiry.id);
    const own = (await api(trader, 'GET', '/api/inquiries?owner=me')).json() as { id: string }[];
    expect(own.map((i) => i.id)).toContain(inquiry.id);
  });

  it('when the owner filter is anything but me, then 400 names it', async () => {
    const res = await api(trader, 'GET', '/api/inquiries?owner=someone');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'owner' })]);
  });
});
