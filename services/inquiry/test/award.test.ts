import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailSendJob, MailTemplate } from '@mfd/contracts';
import { bearer } from '@mfd/testing';
import { mailJobs } from './distribution-fixtures';
import { startRfq } from './harness';
import { newInquiry } from './inquiry-fixtures';
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
type OfferMarks = { id: string; cheapest_total: boolean; cheapest_lines: string[] };

describe('awarding an offer', () => {
  let s: Stack;
  let trader: Caller & { email: string };
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity, { first_name: 'Maria', last_name: 'Jensen' });
    const signature = await s.identity.app.inject({
      method: 'PUT',
      url: '/api/profile/signature',
      headers: bearer(trader),
      payload: { full_name: 'Maria Jensen', title: 'Bunker Trader', company_name: 'Baltic Bunkers ApS' },
    });
    expect(signature.statusCode, signature.body).toBe(200);
  });
  afterAll(() => s.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(trader), ...(payload ? { payload } : {}) });
  /** An award of the offer's first revision, the one the fixtures' suppliers submit. */
  const award = (offerId: string, notes: string | null = null) =>
    api('POST', `/api/offers/${offerId}/award`, { notes, revision: 1 });

  /** The award mails of one inquiry's suppliers, as the outbox holds them. */
  async function mailsTo(email: string) {
    const rows = await s.inquiry.deps.database.db.selectFrom('outbox').select('payload').execute();
    return rows
      .map((r) => r.payload)
      .filter((p): p is MailSendJob => p.type === 'mail.send' && p.to === email)
      .filter((p) => ['offer-awarded', 'offer-not-awarded'].includes(p.mail.template));
  }

  async function threeSuppliers() {
    const inquiry = await createInquiry(s, trader);
    const winner = await seedLink(s, trader, inquiry.id, { supplierName: 'Winner Fuels' });
    const loser = await seedLink(s, trader, inquiry.id, { supplierName: 'Second Best Oil' });
    const silent = await seedLink(s, trader, inquiry.id, { supplierName: 'Quiet Marine' });
    const won = await publicPost(
      s,
      winner.token,
      offerBody(inquiry.lineIds, ['612.35', '845.10'], { barging_charges: '1500.5', other_charges: '0.25' }),
    );
    const lost = await publicPost(s, loser.token, offerBody(inquiry.lineIds, ['620', '850']));
    expect(won.statusCode, won.body).toBe(200);
    expect(lost.statusCode, lost.body).toBe(200);
    return {
      inquiry,
      winner,
      loser,
      silent,
      winnerOffer: won.json().offer_id as string,
      loserOffer: lost.json().offer_id as string,
    };
  }

  it('when a trader awards an offer, then it is awarded, the others are not, the inquiry is closed and each supplier who offered is told', async () => {
    const { inquiry, winner, loser, silent, winnerOffer, loserOffer } = await threeSuppliers();
    const res = await award(winnerOffer, 'Please confirm nomination by 16:00 local.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, detail: 'Offer awarded successfully!' });

    expect((await api('GET', `/api/inquiries/${inquiry.id}`)).json().status).toBe('awarded');
    const views = new Map(
      ((await api('GET', `/api/inquiries/${inquiry.id}/offers`)).json() as { id: string }[]).map((v) => [
        v.id,
        v,
      ]),
    );
    expect(views.get(winnerOffer)).toMatchObject({
      status: 'awarded',
      award_notes: 'Please confirm nomination by 16:00 local.',
      awarded_at: expect.any(String),
    });
    expect(views.get(loserOffer)).toMatchObject({ status: 'not_awarded', awarded_at: null });
    const row = await s.inquiry.deps.database.db
      .selectFrom('offers')
      .select('awarded_by')
      .where('id', '=', winnerOffer)
      .executeTakeFirstOrThrow();
    expect(row.awarded_by).toBe(trader.userId);

    // The links now say how it ended, and take nothing more.
    expect((await publicGet(s, winner.token)).json().state).toBe('awarded');
    expect((await publicGet(s, loser.token)).json().state).toBe('not_awarded');
    expect((await publicGet(s, silent.token)).json().state).toBe('not_awarded');
    const late = await publicPost(s, loser.token, offerBody(inquiry.lineIds));
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({
      state: 'not_awarded',
      detail: 'This inquiry has been awarded to another supplier.',
    });
    expect((await publicPost(s, winner.token, offerBody(inquiry.lineIds))).json().state).toBe('awarded');

    const [confirmation, ...moreToWinner] = await mailsTo(winner.email);
    expect(moreToWinner).toEqual([]);
    expect(confirmation).toMatchObject({
      to: winner.email,
      to_name: 'Winner Fuels',
      source: 'inquiry',
      reference: `notice:${winnerOffer}`,
      tenant_id: trader.tenantId,
      reply_to: trader.email,
      signature: { full_name: 'Maria Jensen', title: 'Bunker Trader', company_name: 'Baltic Bunkers ApS' },
    });
    const data = (confirmation!.mail as Extract<MailTemplate, { template: 'offer-awarded' }>).data;
    expect(confirmation!.mail.template).toBe('offer-awarded');
    expect(data).toMatchObject({
      supplier_name: 'Winner Fuels',
      agent_name: 'Harbour Agency',
      agent_email: 'ops@harbour-agency.example',
      lines: [
        {
          product_name: 'VLSFO',
          quantity_mt_min: '500',
          quantity_mt_max: '600.5',
          price_per_mt: '612.35',
          delivery_method: 'barge',
        },
        { product_name: 'MGO', iso_spec: 'ISO8217:2024', quantity_mt_max: '80', price_per_mt: '845.10' },
      ],
      charges: [
        { kind: 'barging', basis: 'lump_sum', amount: '1500.50', amount_usd: '1500.50', product_names: null },
        { kind: 'other', basis: 'lump_sum', amount: '0.25', amount_usd: '0.25', product_names: null },
      ],
      // 612.35 × 600.5 = 367716.175, half up to 367716.18, + 845.10 × 80
      fuel_cost: '435324.18',
      charges_cost: '1500.75',
      total_landed_cost: '436824.93',
      payment_terms: '30 days from delivery',
      notes: 'Please confirm nomination by 16:00 local.',
      rfq: { vessel_name: 'MSC OSCAR', port_unlocode: 'SGSIN' },
    });
    expect(JSON.stringify(confirmation)).not.toMatch(/nordic/i);

    const [note, ...moreToLoser] = await mailsTo(loser.email);
    expect(moreToLoser).toEqual([]);
    expect(note).toMatchObject({
      reference: `notice:${loserOffer}`,
      reply_to: trader.email,
      mail: { template: 'offer-not-awarded', data: { supplier_name: 'Second Best Oil' } },
    });
    // A supplier who never offered has nothing to be told about the award.
    expect(await mailsTo(silent.email)).toEqual([]);

    // Each note replies to the invitation its address was sent, and names the trader as sender.
    const invitations = await mailJobs(s, 'rfq-invitation');
    const invitationOf = (recipientId: string) =>
      invitations.find((j) => j.job.reference === recipientId)!.id;
    expect(confirmation).toMatchObject({
      thread_job_id: invitationOf(winner.recipientId),
      sender: { name: 'Maria Jensen' },
    });
    expect(note).toMatchObject({
      thread_job_id: invitationOf(loser.recipientId),
      sender: { name: 'Maria Jensen' },
    });
  });

  it('when the dearer offer is awarded, then the cheapest marks stay on the offer that was cheapest', async () => {
    // The fixture's "winner" prices lower on both lines and in total; the trader picks the other one.
    const { inquiry, winnerOffer: cheaper, loserOffer: dearer } = await threeSuppliers();
    const before = (await api('GET', `/api/inquiries/${inquiry.id}/offers`)).json() as OfferMarks[];
    expect((await award(dearer)).statusCode).toBe(200);
    const after = (await api('GET', `/api/inquiries/${inquiry.id}/offers`)).json() as OfferMarks[];
    for (const views of [before, after]) {
      const byId = new Map(views.map((v) => [v.id, v]));
      expect(byId.get(cheaper)).toMatchObject({ cheapest_total: true, cheapest_lines: inquiry.lineIds });
      expect(byId.get(dearer)).toMatchObject({ cheapest_total: false, cheapest_lines: [] });
    }
  });

  it('when an offer is awarded twice, or another offer after it, then 409 and nothing more is written', async () => {
    const { winnerOffer, loserOffer, winner, loser } = await threeSuppliers();
    expect((await award(winnerOffer)).statusCode).toBe(200);
    const again = await award(winnerOffer);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This inquiry cannot be awarded: it has been awarded.');
    expect((await award(loserOffer)).statusCode).toBe(409);
    expect(await mailsTo(winner.email)).toHaveLength(1);
    expect(await mailsTo(loser.email)).toHaveLength(1);
  });

  it('when two awards of the same inquiry race, then exactly one wins', async () => {
    const { inquiry, winnerOffer, loserOffer } = await threeSuppliers();
    // Hold the inquiry's row while both awards start, so they really meet at the lock.
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = s.inquiry.deps.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('inquiries').select('id').where('id', '=', inquiry.id).forUpdate().execute();
      locked();
      await held;
    });
    await isLocked;
    const answers = Promise.all([award(winnerOffer), award(loserOffer)]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await holder;
    expect((await answers).map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const statuses = (
      (await api('GET', `/api/inquiries/${inquiry.id}/offers`)).json() as { status: string }[]
    )
      .map((v) => v.status)
      .sort();
    expect(statuses).toEqual(['awarded', 'not_awarded']);
  });

  it('when the offer’s validity has passed, then it cannot be awarded (409) and nothing changes', async () => {
    const { inquiry, winnerOffer, winner } = await threeSuppliers();
    await s.inquiry.deps.database.db
      .updateTable('offers')
      .set({ valid_until: new Date(Date.now() - 1000) })
      .where('id', '=', winnerOffer)
      .execute();
    const res = await award(winnerOffer);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This offer’s validity has passed: it can no longer be awarded.');
    expect((await api('GET', `/api/inquiries/${inquiry.id}`)).json().status).toBe('quoting');
    expect(await mailsTo(winner.email)).toEqual([]);
  });

  it('when the inquiry was cancelled, then its offers cannot be awarded', async () => {
    const { inquiry, winnerOffer } = await threeSuppliers();
    expect((await api('POST', `/api/inquiries/${inquiry.id}/cancel`, { reason: null })).statusCode).toBe(200);
    const res = await award(winnerOffer);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This inquiry cannot be awarded: it has been cancelled.');
  });
});

describe('mail to suppliers while identity is down', () => {
  let s: Stack;
  let trader: Caller & { email: string };
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity, { first_name: 'Lena', last_name: 'Berg' });
  });
  afterAll(() => s.close());

  it('when the trader’s standing cannot be read, then an award, an amendment and a cancel are 503 with nothing written; edits (which wait for the amendment) go through', async () => {
    const inquiry = await createInquiry(s, trader);
    const winner = await seedLink(s, trader, inquiry.id, { supplierName: 'Winner Fuels' });
    const loser = await seedLink(s, trader, inquiry.id, { supplierName: 'Second Best Oil' });
    const won = await publicPost(s, winner.token, offerBody(inquiry.lineIds, ['612.35', '845.10']));
    const lost = await publicPost(s, loser.token, offerBody(inquiry.lineIds, ['620', '850']));
    expect(won.statusCode, won.body).toBe(200);
    expect(lost.statusCode, lost.body).toBe(200);
    const winnerOffer = won.json().offer_id as string;
    const db = s.inquiry.deps.database.db;
    const outboxRows = async () => (await db.selectFrom('outbox').select('id').execute()).length;
    const before = {
      outbox: await outboxRows(),
      inquiry: await db
        .selectFrom('inquiries')
        .selectAll()
        .where('id', '=', inquiry.id)
        .executeTakeFirstOrThrow(),
    };

    await new Promise<void>((done) => {
      s.identity.app.server.close(() => done());
      s.identity.app.server.closeAllConnections();
    });

    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      s.inquiry.app.inject({ method, url, headers: bearer(trader), payload });
    // An edit of a sent inquiry mails nobody until its amendment is sent.
    const edit = await call('PUT', `/api/inquiries/${inquiry.id}/products/${inquiry.lineIds[0]}`, {
      product_name: 'VLSFO',
      quantity_mt_min: 500,
      quantity_mt_max: 700,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const refused = [
      await call('POST', `/api/inquiries/${inquiry.id}/amendments`, { message: 'Quantity up' }),
      await call('POST', `/api/offers/${winnerOffer}/award`, { notes: null, revision: 1 }),
      await call('POST', `/api/inquiries/${inquiry.id}/cancel`, { reason: 'Vessel diverted' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        detail:
          'Your account could not be checked right now, so nothing was sent. Please try again in a few minutes.',
      });
    }
    expect(await outboxRows()).toBe(before.outbox);
    const after = await db
      .selectFrom('inquiries')
      .selectAll()
      .where('id', '=', inquiry.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      status: 'quoting',
      revision: before.inquiry.revision,
      cancel_reason: null,
    });
    const lines = await db
      .selectFrom('inquiry_products')
      .select('quantity_mt_max')
      .where('inquiry_id', '=', inquiry.id)
      .execute();
    expect(lines.map((l) => l.quantity_mt_max).sort()).toEqual(['700.0', '80.0']);
    expect(
      (await db.selectFrom('offers').select('status').where('id', '=', winnerOffer).executeTakeFirstOrThrow())
        .status,
    ).toBe('submitted');

    // Notes are the trader's own: no supplier hears of them, so identity need not vouch for anyone.
    const { products: _products, ...fields } = newInquiry(after.customer_id!, after.port_id!);
    const notes = await call('PUT', `/api/inquiries/${inquiry.id}`, {
      ...fields,
      commentary: 'Customer prefers barge delivery.',
    });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(await outboxRows()).toBe(before.outbox);
  });
});
