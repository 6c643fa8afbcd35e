import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { mailJobs, testSecrets } from './distribution-fixtures';
import { startRfq } from './harness';
import {
  createInquiry,
  offerBody,
  publicGet,
  publicPost,
  seedLink,
  signUpTrader,
  type Caller,
} from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

const HOUR = 3_600_000;

describe('a supplier’s personal offer link (no account)', () => {
  let s: Stack;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(trader), ...(payload ? { payload } : {}) });
  const offersOf = async (inquiryId: string) => {
    const res = await api('GET', `/api/inquiries/${inquiryId}/offers`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; revision: number; status: string }[];
  };

  it('when the token is unknown or malformed, then GET and POST answer 404 alike', async () => {
    const { lineIds } = await createInquiry(s, trader);
    const unknown = 'A'.repeat(43);
    for (const token of [unknown, 'abc', `${'A'.repeat(42)}.`, 'A'.repeat(44), '%20']) {
      const get = await publicGet(s, token);
      expect(get.statusCode, token).toBe(404);
      expect(get.json()).toEqual({ success: false, detail: 'This offer link is not valid.' });
      const post = await publicPost(s, token, offerBody(lineIds));
      expect(post.statusCode, token).toBe(404);
      // A bad body on an unknown link tells nothing either.
      expect((await publicPost(s, token, {})).statusCode, token).toBe(404);
    }
  });

  it('when a supplier opens its link, then it sees the inquiry, who sent it and its products, and nothing of the customer or other suppliers', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id, { supplierName: 'Harbour Fuels Pte' });
    await seedLink(s, trader, id, { supplierName: 'Rival Marine Oil' });

    const res = await publicGet(s, link.token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      state: 'open',
      supplier_name: 'Harbour Fuels Pte',
      offer: null,
      inquiry: {
        vessel_name: 'MSC OSCAR',
        imo: '9703291',
        port_name: 'Singapore',
        port_unlocode: 'SGSIN',
        port_timezone: 'Asia/Singapore',
        eta: '2030-12-10T00:00:00.000Z',
        // The sender as identity knows the trader: a company signed up is named after its first user.
        trader: { name: 'Maria Jensen', company: 'Maria Jensen' },
        amended_at: null,
        products: [
          { id: lineIds[0], product_name: 'VLSFO', quantity_mt_min: '500', quantity_mt_max: '600.5' },
          { id: lineIds[1], product_name: 'MGO', iso_spec: 'ISO8217:2024', quantity_mt_max: '80' },
        ],
      },
    });
    const text = res.body.toLowerCase();
    for (const secret of [
      'nordic',
      'mette',
      'ops@nordic-tankers',
      'rival marine',
      'customer',
      link.token.toLowerCase(),
    ])
      expect(text, secret).not.toContain(secret);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('when a supplier submits, then the inquiry is quoting; a second submission revises the same offer and both revisions are kept', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id);

    const first = await publicPost(s, link.token, offerBody(lineIds, ['612.50', '845']));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      revision: 1,
      detail: 'Offer submitted successfully!',
    });
    expect((await api('GET', `/api/inquiries/${id}`)).json().status).toBe('quoting');

    const page = (await publicGet(s, link.token)).json();
    expect(page.state).toBe('open');
    expect(page.offer).toMatchObject({
      revision: 1,
      // Sent the old way, the lump sums come back as itemised charges (a zero one is none).
      charges: [
        {
          kind: 'barging',
          basis: 'lump_sum',
          amount: '1200.00',
          threshold_mt: null,
          amount_above: null,
          product_line_ids: null,
          note: null,
        },
      ],
      payment_terms: '30 days from delivery',
      lines: [
        {
          product_line_id: lineIds[0],
          price_per_mt: '612.50',
          min_deliverable: '50',
          max_deliverable: '700',
          delivery_method: 'barge',
        },
        { product_line_id: lineIds[1], price_per_mt: '845.00' },
      ],
    });

    // The revision drops the MGO line: a line left out is no longer offered.
    const second = await publicPost(
      s,
      link.token,
      offerBody([lineIds[0]!], ['600.1'], { other_charges: '35.5' }),
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ offer_id: first.json().offer_id, revision: 2 });
    const revised = (await publicGet(s, link.token)).json().offer;
    expect(revised.lines).toEqual([
      expect.objectContaining({ product_line_id: lineIds[0], price_per_mt: '600.10' }),
    ]);
    expect(revised.charges.map((c: { kind: string; amount: string }) => [c.kind, c.amount])).toEqual([
      ['barging', '1200.00'],
      ['other', '35.50'],
    ]);

    const offers = await offersOf(id);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ revision: 2, status: 'submitted', source: 'link' });
    const history = await api('GET', `/api/offers/${first.json().offer_id}/revisions`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toMatchObject([
      {
        revision: 1,
        total_stem_cost: '436606.25',
        offer: { lines: [{ price_per_mt: '612.5' }, { price_per_mt: '845' }] },
      },
      {
        revision: 2,
        total_stem_cost: '361595.55',
        offer: { charges: [{ kind: 'barging' }, { kind: 'other', amount: '35.5', amount_usd: '35.50' }] },
      },
    ]);
  });

  it('when a line is not a line of this inquiry, then 400 names it and nothing is written', async () => {
    const mine = await createInquiry(s, trader);
    const other = await createInquiry(s, trader);
    const link = await seedLink(s, trader, mine.id);
    const body = offerBody([mine.lineIds[0]!, other.lineIds[1]!]);
    const res = await publicPost(s, link.token, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'lines.1.product_line_id', message: 'Fuel line is not a line of this inquiry' },
    ]);
    expect(await offersOf(mine.id)).toEqual([]);
    expect((await api('GET', `/api/inquiries/${mine.id}`)).json().status).toBe('distributed');
  });

  it('when a supplier holds the token of another inquiry, then it reaches only that inquiry and cannot price this one', async () => {
    const target = await createInquiry(s, trader);
    const elsewhere = await createInquiry(s, trader, { vessel_name: 'EVER GIVEN' });
    await seedLink(s, trader, target.id);
    const foreign = await seedLink(s, trader, elsewhere.id);

    expect((await publicGet(s, foreign.token)).json().inquiry.vessel_name).toBe('EVER GIVEN');
    const res = await publicPost(s, foreign.token, offerBody(target.lineIds));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'lines.0.product_line_id',
      'lines.1.product_line_id',
    ]);
    expect(await offersOf(target.id)).toEqual([]);
  });

  it('when the reply-by has passed, then the page says expired and a submission is 410 with the state', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id, { replyBy: new Date(Date.now() - 1000) });
    expect((await publicGet(s, link.token)).json().state).toBe('expired');
    const res = await publicPost(s, link.token, offerBody(lineIds));
    expect(res.statusCode).toBe(410);
    // A real link names whom to ask for a new one; an unknown one (above) names nobody.
    expect(res.json()).toEqual({
      success: false,
      state: 'expired',
      detail: 'This offer link has expired: the reply-by time or your offer’s validity has passed.',
      trader: { name: 'Maria Jensen', company: 'Maria Jensen' },
    });
    // Closed says why before any field is looked at.
    expect((await publicPost(s, link.token, { lines: [] })).statusCode).toBe(410);
    expect(await offersOf(id)).toEqual([]);
  });

  it('when the supplier’s own offer has lapsed, then the link is expired and the offer can no longer be revised', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id);
    const first = await publicPost(s, link.token, offerBody(lineIds));
    expect(first.statusCode, first.body).toBe(200);
    // Time passes beyond the validity the supplier gave.
    await s.inquiry.deps.database.db
      .updateTable('offers')
      .set({ valid_until: new Date(Date.now() - 1000) })
      .where('id', '=', first.json().offer_id)
      .execute();
    const page = (await publicGet(s, link.token)).json();
    expect(page.state).toBe('expired');
    expect(page.offer.revision).toBe(1);
    expect((await publicPost(s, link.token, offerBody(lineIds))).statusCode).toBe(410);
  });

  it('when the inquiry is cancelled, then the link says cancelled and takes no offer', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id);
    const cancel = await api('POST', `/api/inquiries/${id}/cancel`, { reason: 'Vessel re-routed' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await publicGet(s, link.token)).json().state).toBe('cancelled');
    const res = await publicPost(s, link.token, offerBody(lineIds));
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ state: 'cancelled', detail: 'This inquiry has been cancelled.' });
  });

  it('when the inquiry closes while a submission waits for it, then the submission is refused (410) and nothing is written', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id);
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    // The trader's cancellation holds the inquiry while the supplier submits.
    const cancelling = s.inquiry.deps.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('inquiries').select('id').where('id', '=', id).forUpdate().execute();
      locked();
      await held;
      await trx.updateTable('inquiries').set({ status: 'cancelled' }).where('id', '=', id).execute();
    });
    await isLocked;
    const submission = publicPost(s, link.token, offerBody(lineIds));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await cancelling;
    const res = await submission;
    expect(res.statusCode, res.body).toBe(410);
    expect(res.json().state).toBe('cancelled');
    expect(await offersOf(id)).toEqual([]);
  });

  it('when a field is wrong, then 400 names it and nothing is written', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id);
    const line = (over: object) => ({ lines: [{ ...offerBody(lineIds).lines[0], ...over }] });
    const cases: [object, string][] = [
      [line({ price_per_mt: 0 }), 'lines.0.price_per_mt'],
      [line({ price_per_mt: '-5' }), 'lines.0.price_per_mt'],
      [line({ price_per_mt: '612.505' }), 'lines.0.price_per_mt'],
      [line({ price_per_mt: 'abc' }), 'lines.0.price_per_mt'],
      [line({ min_deliverable: '800', max_deliverable: '700' }), 'lines.0.max_deliverable'],
      [line({ min_deliverable: '0' }), 'lines.0.min_deliverable'],
      [line({ delivery_method: 'pipeline-ish' }), 'lines.0.delivery_method'],
      [line({ product_line_id: 'not-a-uuid' }), 'lines.0.product_line_id'],
      [{ lines: [] }, 'lines'],
      [{ barging_charges: '-1' }, 'barging_charges'],
      [{ other_charges: '10.999' }, 'other_charges'],
      [{ valid_until: undefined }, 'valid_until'],
      [{ valid_until: '2030-12-01 10:00' }, 'valid_until'],
      [{ valid_until: new Date(Date.now() - HOUR).toISOString() }, 'valid_until'],
      [{ valid_until: new Date(Date.now() + 90 * 24 * HOUR + HOUR).toISOString() }, 'valid_until'],
    ];
    for (const [override, field] of cases) {
      const res = await publicPost(s, link.token, { ...offerBody(lineIds), ...override });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        JSON.stringify(override),
      ).toContain(field);
    }
    expect(await offersOf(id)).toEqual([]);
    expect((await api('GET', `/api/inquiries/${id}`)).json().status).toBe('distributed');
  });

  it('when an offer is valid more than 90 days ahead, then 400 says so on valid_until', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const link = await seedLink(s, trader, id);
    const res = await publicPost(s, link.token, {
      ...offerBody(lineIds),
      valid_until: new Date(Date.now() + 91 * 24 * HOUR).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      detail: 'Valid until must be at most 90 days ahead',
      errors: [{ field: 'valid_until', message: 'Valid until must be at most 90 days ahead' }],
    });
    const within = await publicPost(s, link.token, {
      ...offerBody(lineIds),
      valid_until: new Date(Date.now() + 89 * 24 * HOUR).toISOString(),
    });
    expect(within.statusCode, within.body).toBe(200);
  });

  it('when a newer link was mailed to the supplier (a resend, then an amendment), then each older link answers 410 superseded on GET and POST and only the latest works', async () => {
    const { id, lineIds } = await createInquiry(s, trader);
    const first = await seedLink(s, trader, id, { supplierName: 'Keppel Bunkers' });
    const second = await seedLink(s, trader, id, { supplierId: first.supplierId });
    expect(second.recipientId).toBe(first.recipientId);
    const superseded = {
      success: false,
      detail: 'A newer link was sent to you: please use the latest e-mail.',
      state: 'superseded',
      trader: { name: 'Maria Jensen', company: 'Maria Jensen' },
    };
    const oldPage = await publicGet(s, first.token);
    expect(oldPage.statusCode, oldPage.body).toBe(410);
    expect(oldPage.json()).toEqual(superseded);
    const oldPost = await publicPost(s, first.token, offerBody(lineIds));
    expect(oldPost.statusCode, oldPost.body).toBe(410);
    expect(oldPost.json()).toEqual(superseded);
    expect(await offersOf(id)).toEqual([]);
    expect((await publicGet(s, second.token)).json().state).toBe('open');

    // An amendment mails a new link too: the resent one is retired with it.
    const edit = await s.inquiry.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${id}/products/${lineIds[1]}`,
      headers: bearer(trader),
      payload: { product_name: 'MGO', quantity_mt_min: 60, quantity_mt_max: 90 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const amend = await s.inquiry.app.inject({
      method: 'POST',
      url: `/api/inquiries/${id}/amendments`,
      headers: bearer(trader),
      payload: {},
    });
    expect(amend.statusCode, amend.body).toBe(200);
    expect((await publicPost(s, second.token, offerBody(lineIds))).json()).toEqual(superseded);
    const [amendment] = (await mailJobs(s, 'rfq-amendment')).filter(
      (m) => m.job.reference === first.recipientId,
    );
    const latest = testSecrets.open(amendment!.job.mail.data.token, first.email);
    const priced = await publicPost(s, latest, offerBody(lineIds));
    expect(priced.statusCode, priced.body).toBe(200);
  });
});
