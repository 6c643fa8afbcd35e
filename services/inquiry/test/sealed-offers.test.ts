import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { createSupplier, distribute, mailJobs, testSecrets } from './distribution-fixtures';
import { startRfq } from './harness';
import { createInquiry, offerBody, publicPost, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

describe('sealed offers: no prices and no award until the reply-by or every answer', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

  /** An inquiry sent sealed to two suppliers, with each one's link as its invitation carries it. */
  async function sealedInquiry() {
    const trader = await signUpTrader(s.identity);
    const inquiry = await createInquiry(s, trader);
    const lion = await createSupplier(s, trader, 'Lion City Bunkering');
    const straits = await createSupplier(s, trader, 'Straits Marine Fuels');
    const sent = await distribute(s, trader, inquiry.id, {
      recipients: [
        { supplier_id: lion.id, contact_id: null },
        { supplier_id: straits.id, contact_id: null },
      ],
      sealed: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const invitations = (await mailJobs(s, 'rfq-invitation')).filter(
      (j) => j.job.tenant_id === trader.tenantId,
    );
    const tokenOf = (email: string) => {
      const { job } = invitations.find((j) => j.job.to === email)!;
      return testSecrets.open(job.mail.data.token, email);
    };
    return { trader, inquiry, lion: tokenOf(lion.email), straits: tokenOf(straits.email) };
  }

  it('when one of two suppliers offered, then the offers show who and when only, nothing priced anywhere, and an award is refused', async () => {
    const { trader, inquiry, lion } = await sealedInquiry();
    expect((await publicPost(s, lion, offerBody(inquiry.lineIds))).statusCode).toBe(200);

    const offers = await api(trader, 'GET', `/api/inquiries/${inquiry.id}/offers`);
    expect(offers.statusCode, offers.body).toBe(200);
    const [offer] = offers.json() as Record<string, unknown>[];
    expect(Object.keys(offer!).sort()).toEqual([
      'id',
      'revision',
      'sealed',
      'status',
      'submitted_at',
      'supplier',
    ]);
    expect(offer).toMatchObject({
      sealed: true,
      revision: 1,
      supplier: { trading_name: 'Lion City Bunkering' },
    });

    const seal = await api(trader, 'GET', `/api/inquiries/${inquiry.id}/offer-seal`);
    expect(seal.json()).toMatchObject({
      sealed: true,
      answered_count: 1,
      invited_count: 2,
      opens_at: expect.any(String),
    });

    const revisions = await api(trader, 'GET', `/api/offers/${offer!.id as string}/revisions`);
    expect(revisions.statusCode).toBe(409);
    const timeline = await api(trader, 'GET', `/api/inquiries/${inquiry.id}/timeline`);
    const submitted = (timeline.json().items as { type: string; detail: object; changes: object }[]).find(
      (i) => i.type === 'offer_submitted',
    )!;
    expect(submitted.detail).toMatchObject({ total_landed_cost: null });
    expect(JSON.stringify(timeline.json())).not.toContain('612.5');

    const workbook = await api(trader, 'GET', `/api/inquiries/${inquiry.id}/offers.xlsx`);
    expect(workbook.statusCode).toBe(409);
    expect(workbook.json().detail).toBe('Offers are sealed until the reply-by time');

    const award = await api(trader, 'POST', `/api/offers/${offer!.id as string}/award`, { revision: 1 });
    expect(award.statusCode, award.body).toBe(409);
    expect(award.json().detail).toBe('Offers are sealed until the reply-by time');
    const row = await s.inquiry.deps.database.db
      .selectFrom('inquiries')
      .select('status')
      .where('id', '=', inquiry.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('quoting');
  });

  it('when the reply-by passes, then the offers open with their prices and may be awarded', async () => {
    const { trader, inquiry, lion } = await sealedInquiry();
    expect((await publicPost(s, lion, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    await s.inquiry.deps.database.db
      .updateTable('inquiry_recipients')
      .set({ reply_by: new Date(Date.now() - 1000) })
      .where('inquiry_id', '=', inquiry.id)
      .execute();

    const [offer] = (await api(trader, 'GET', `/api/inquiries/${inquiry.id}/offers`)).json() as {
      id: string;
      sealed: boolean;
      total_landed_cost: string;
    }[];
    expect(offer).toMatchObject({ sealed: false, total_landed_cost: expect.any(String) });
    const award = await api(trader, 'POST', `/api/offers/${offer!.id}/award`, { revision: 1 });
    expect(award.statusCode, award.body).toBe(200);
  });

  it('when every supplier answered (an offer and a decline), then the offers open before the reply-by', async () => {
    const { trader, inquiry, lion, straits } = await sealedInquiry();
    expect((await publicPost(s, lion, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    const declined = await s.inquiry.app.inject({
      method: 'POST',
      url: `/api/public/offers/${straits}/decline`,
      payload: { reason: 'no_credit' },
    });
    expect(declined.statusCode, declined.body).toBe(200);

    const [offer] = (await api(trader, 'GET', `/api/inquiries/${inquiry.id}/offers`)).json() as {
      sealed: boolean;
      per_product_lines: object;
    }[];
    expect(offer).toMatchObject({ sealed: false, per_product_lines: expect.any(Object) });
    expect((await api(trader, 'GET', `/api/inquiries/${inquiry.id}/offer-seal`)).json()).toMatchObject({
      sealed: false,
      answered_count: 2,
      invited_count: 2,
    });
  });

  it('when another company asks for the seal, then 404', async () => {
    const { inquiry } = await sealedInquiry();
    const stranger = await signUpTrader(s.identity);
    expect((await api(stranger, 'GET', `/api/inquiries/${inquiry.id}/offer-seal`)).statusCode).toBe(404);
  });
});
