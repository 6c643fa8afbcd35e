import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { startRfq } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('stems made by an award', () => {
  let s: Stack;
  let admin: Caller & { email: string };
  beforeAll(async () => {
    s = await startRfq();
    admin = await signUpTrader(s.identity, {
      first_name: 'Maria',
      last_name: 'Jensen',
      company_name: 'Baltic Bunkers ApS',
      role: 'admin',
    });
  });
  afterAll(() => s.close());

  const call = (user: Caller, method: Method, url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const api = (method: Method, url: string, payload?: object) => call(admin, method, url, payload);

  async function clause(title: string, isDefault: boolean) {
    const res = await api('POST', '/api/clauses', {
      title,
      text: `${title}: the parties agree.`,
      default: isDefault,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; title: string };
  }

  /** An inquiry awarded to Winner Fuels (VLSFO 612.35 up to 600.5 MT, MGO 845.10 up to 80 MT, barging 1,500.50). */
  async function awardedStem() {
    const inquiry = await createInquiry(s, admin);
    const winner = await seedLink(s, admin, inquiry.id, { supplierName: 'Winner Fuels' });
    const won = await publicPost(
      s,
      winner.token,
      offerBody(inquiry.lineIds, ['612.35', '845.10'], { barging_charges: '1500.5' }),
    );
    expect(won.statusCode, won.body).toBe(200);
    const offerId = won.json().offer_id as string;
    const award = await api('POST', `/api/offers/${offerId}/award`, { notes: null, revision: 1 });
    expect(award.statusCode, award.body).toBe(200);
    const list = await api('GET', `/api/stems?inquiry_id=${inquiry.id}`);
    const item = (list.json().items as { id: string; inquiry_id: string }[]).find(
      (i) => i.inquiry_id === inquiry.id,
    );
    expect(item).toBeDefined();
    return { inquiry, offerId, winner, stemId: item!.id };
  }

  it('when an offer is awarded, then a draft stem holds what was agreed, the default clauses and the next reference of the year', async () => {
    const law = await clause('Law', true);
    await clause('Sampling', false);
    const first = await awardedStem();
    const stem = (await api('GET', `/api/stems/${first.stemId}`)).json();
    const year = new Date().getUTCFullYear();
    expect(stem.reference).toMatch(new RegExp(`^BAL-${year}-\\d{4}$`));
    expect(stem).toMatchObject({
      inquiry_id: first.inquiry.id,
      offer_id: first.offerId,
      status: 'draft',
      supplier: { trading_name: 'Winner Fuels', email: first.winner.email },
      vessel_name: 'MSC OSCAR',
      port: { unlocode: 'SGSIN' },
      agent_name: 'Harbour Agency',
      pricing_mode: 'none',
      margin_usd: '0.00',
      commission_usd: null,
      sent_at: null,
      clauses: [{ id: law.id, title: 'Law', text: 'Law: the parties agree.' }],
    });
    expect(stem.customer.legal_entity_name).toEqual(expect.any(String));
    expect(stem.delivery_from).toEqual(expect.any(String));
    expect(stem.lines).toMatchObject([
      {
        product_line_id: first.inquiry.lineIds[0],
        product_name: 'VLSFO',
        quantity_mt_max: '600.5',
        buy_price_per_mt: '612.35',
        sell_price_per_mt: '612.35',
        adjustment: null,
        delivery_method: 'barge',
      },
      { product_name: 'MGO', buy_price_per_mt: '845.10', sell_price_per_mt: '845.10' },
    ]);
    expect(stem.charges).toMatchObject([{ kind: 'barging', amount_usd: '1500.50' }]);

    const second = await awardedStem();
    const next = (await api('GET', `/api/stems/${second.stemId}`)).json();
    const sequence = (ref: string) => Number(ref.split('-')[2]);
    expect(sequence(next.reference)).toBe(sequence(stem.reference) + 1);

    const drafts = (await api('GET', '/api/stems?status=draft')).json().items as { id: string }[];
    expect(drafts.map((d) => d.id)).toEqual(expect.arrayContaining([first.stemId, second.stemId]));
    expect((await api('GET', '/api/stems?status=closed')).json().items).toEqual([]);
    expect((await api('GET', '/api/stems?status=nonsense')).statusCode).toBe(400);

    const timeline = (await api('GET', `/api/inquiries/${first.inquiry.id}/timeline`)).json().items as {
      type: string;
      detail: { reference?: string };
    }[];
    expect(timeline.find((i) => i.type === 'stem_created')?.detail.reference).toBe(stem.reference);
  });

  it('when an admin sets the reference prefix, then the next stems take it, and awards at the same time never share a sequence', async () => {
    const settings = await s.identity.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: bearer(admin),
      payload: { reference_prefix: 'bb26', default_reply_by_hours: 24, default_selling_terms: 'GT&C' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const year = new Date().getUTCFullYear();
    const together = await Promise.all([awardedStem(), awardedStem(), awardedStem()]);
    const references = await Promise.all(
      together.map(
        async ({ stemId }) => (await api('GET', `/api/stems/${stemId}`)).json().reference as string,
      ),
    );
    for (const reference of references) expect(reference).toMatch(new RegExp(`^BB26-${year}-\\d{4}$`));
    expect(new Set(references.map((r) => r.split('-')[2])).size).toBe(3);
    const reset = await s.identity.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: bearer(admin),
      payload: { reference_prefix: 'BAL', default_reply_by_hours: 24, default_selling_terms: 'GT&C' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('when the trader sets a markup or a commission, then the sell prices, margin and commission follow, and the trail records it', async () => {
    const { stemId, inquiry } = await awardedStem();
    const [vlsfo, mgo] = inquiry.lineIds;
    const markup = await api('PUT', `/api/stems/${stemId}/pricing`, {
      mode: 'markup',
      lines: [
        { product_line_id: vlsfo, basis: 'per_mt', amount: '7.5' },
        { product_line_id: mgo, basis: 'percent', amount: 2 },
      ],
    });
    expect(markup.statusCode, markup.body).toBe(200);
    expect(markup.json()).toMatchObject({
      pricing_mode: 'markup',
      // 7.5 × 600.5 + (862.00 − 845.10) × 80
      margin_usd: '5855.75',
      commission_usd: null,
      lines: [
        {
          buy_price_per_mt: '612.35',
          sell_price_per_mt: '619.85',
          adjustment: { basis: 'per_mt', amount: '7.50' },
        },
        { buy_price_per_mt: '845.10', sell_price_per_mt: '862.00' },
      ],
    });

    const commission = await api('PUT', `/api/stems/${stemId}/pricing`, {
      mode: 'commission',
      lines: [{ product_line_id: vlsfo, basis: 'per_mt', amount: '1.25' }],
    });
    expect(commission.json()).toMatchObject({
      pricing_mode: 'commission',
      margin_usd: '0.00',
      commission_usd: '750.63',
      lines: [{ sell_price_per_mt: '612.35' }, { adjustment: null, sell_price_per_mt: '845.10' }],
    });

    const badMode = await api('PUT', `/api/stems/${stemId}/pricing`, { mode: 'margin', lines: [] });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().errors.map((e: { field: string }) => e.field)).toEqual(['mode']);
    const badAmount = await api('PUT', `/api/stems/${stemId}/pricing`, {
      mode: 'markup',
      lines: [{ product_line_id: vlsfo, basis: 'percent', amount: '150' }],
    });
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().errors.map((e: { field: string }) => e.field)).toEqual(['lines.0.amount']);
    const foreignLine = await api('PUT', `/api/stems/${stemId}/pricing`, {
      mode: 'markup',
      lines: [{ product_line_id: crypto.randomUUID(), basis: 'per_mt', amount: '1' }],
    });
    expect(foreignLine.statusCode).toBe(400);
    expect(foreignLine.json().errors).toEqual([
      { field: 'lines.0.product_line_id', message: 'This stem has no such fuel line' },
    ]);

    const types = (
      (await api('GET', `/api/inquiries/${inquiry.id}/timeline`)).json().items as { type: string }[]
    )
      .map((i) => i.type)
      .filter((t) => t === 'stem_pricing_set');
    expect(types).toHaveLength(2);
  });

  it('when the trader chooses clauses on a draft, then they are copied in order and later library edits leave them alone', async () => {
    const { stemId, inquiry } = await awardedStem();
    const a = await clause('Quality', false);
    const b = await clause('Quantity', false);
    const set = await api('PUT', `/api/stems/${stemId}/clauses`, { clause_ids: [b.id, a.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().clauses.map((c: { title: string }) => c.title)).toEqual(['Quantity', 'Quality']);

    const edited = await api('PUT', `/api/clauses/${b.id}`, {
      title: 'Quantity (new)',
      text: 'New text',
      default: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await api('DELETE', `/api/clauses/${a.id}`)).statusCode).toBe(200);
    expect(
      (await api('GET', `/api/stems/${stemId}`)).json().clauses.map((c: { title: string }) => c.title),
    ).toEqual(['Quantity', 'Quality']);

    // Removing one keeps the other's wording, though the library changed it since.
    const removed = await api('PUT', `/api/stems/${stemId}/clauses`, { clause_ids: [b.id] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().clauses).toEqual([
      { id: b.id, title: 'Quantity', text: 'Quantity: the parties agree.' },
    ]);
    const sets = (
      (await api('GET', `/api/inquiries/${inquiry.id}/timeline`)).json().items as {
        type: string;
        detail: { titles: string[] };
        changes: { clauses: { before: string; after: string } };
      }[]
    ).filter((i) => i.type === 'stem_clauses_set');
    expect(sets.map((i) => i.detail.titles)).toEqual([['Quantity', 'Quality'], ['Quantity']]);
    expect(sets[1]?.changes.clauses).toEqual({ before: 'Quantity; Quality', after: 'Quantity' });
    // One deleted from the library cannot be added again once off the stem.
    const unknown = await api('PUT', `/api/stems/${stemId}/clauses`, { clause_ids: [a.id] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'clause_ids.0', message: 'No such clause in the library' },
    ]);
    const twice = await api('PUT', `/api/stems/${stemId}/clauses`, { clause_ids: [b.id, b.id] });
    expect(twice.statusCode).toBe(400);

    // Once sent the clauses are what was confirmed.
    await s.inquiry.deps.database.db
      .updateTable('stems')
      .set({ status: 'sent' })
      .where('id', '=', stemId)
      .execute();
    const late = await api('PUT', `/api/stems/${stemId}/clauses`, { clause_ids: [] });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe("This stem's clauses can no longer be changed: it has been sent.");
  });

  it('when a trader who is not an admin edits the library, then it is refused; reading is allowed', async () => {
    const trader = makeUser({ tenantId: admin.tenantId, role: 'trader' });
    expect((await call(trader, 'GET', '/api/clauses')).statusCode).toBe(200);
    const add = await call(trader, 'POST', '/api/clauses', { title: 'X', text: 'Y', default: false });
    expect(add.statusCode).toBe(403);
    const mine = await clause('Admins only', false);
    expect((await call(trader, 'PUT', `/api/clauses/${mine.id}`, { title: 'X', text: 'Y' })).statusCode).toBe(
      403,
    );
    expect((await call(trader, 'DELETE', `/api/clauses/${mine.id}`)).statusCode).toBe(403);
    const blank = await api('POST', '/api/clauses', { title: ' ', text: '' });
    expect(blank.statusCode).toBe(400);
    expect(
      blank
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['text', 'title']);
  });

  it('when another company asks for a stem or a clause, then every route answers 404 and nothing changes', async () => {
    const { stemId, inquiry } = await awardedStem();
    const mine = await clause('Private', false);
    const stranger = makeUser({ role: 'admin' });
    const before = (await api('GET', `/api/stems/${stemId}`)).json();
    const probes: [Method, string, object?][] = [
      ['GET', `/api/stems/${stemId}`],
      ['PUT', `/api/stems/${stemId}/pricing`, { mode: 'markup', lines: [] }],
      ['PUT', `/api/stems/${stemId}/clauses`, { clause_ids: [] }],
      ['GET', `/api/stems/${stemId}/confirmation.pdf?copy=supplier`],
      ['POST', `/api/stems/${stemId}/send`, { to_supplier: true }],
      ['PUT', `/api/clauses/${mine.id}`, { title: 'Mine now', text: 'Taken', default: true }],
      ['DELETE', `/api/clauses/${mine.id}`],
    ];
    for (const [method, url, body] of probes) {
      const res = await call(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(stranger, 'GET', '/api/stems')).json().items).toEqual([]);
    expect((await call(stranger, 'GET', '/api/clauses')).json()).toEqual([]);
    expect((await api('GET', `/api/stems/${stemId}`)).json()).toEqual(before);
    expect(
      ((await api('GET', '/api/clauses')).json() as { id: string; title: string }[]).find(
        (c) => c.id === mine.id,
      )?.title,
    ).toBe('Private');
    expect(inquiry.id).toBeDefined();
  });
});
