import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import type { MailerHarness } from '../../mailer/test/harness';
import { startRfqWithMailer } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfqWithMailer>>;

/** The RFQ stack with a mailer on its Redis prefix: the award mail goes the whole way to the SMTP sink. */
describe('an award binds the revision the trader saw', () => {
  let s: Stack;
  let mailer: MailerHarness;
  let trader: Caller;
  beforeAll(async () => {
    s = await startRfqWithMailer();
    mailer = s.mailer;
    trader = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(trader), ...(payload ? { payload } : {}) });
  const award = (offerId: string, body: object) => api('POST', `/api/offers/${offerId}/award`, body);

  it('when the supplier revises after the trader loaded the offers, then an award of the old revision is 409 with the revision now and nothing changes; the new revision awards and its mail quotes the new price', async () => {
    const inquiry = await createInquiry(s, trader);
    const link = await seedLink(s, trader, inquiry.id, { supplierName: 'Harbour Fuels Pte' });
    const first = await publicPost(s, link.token, offerBody(inquiry.lineIds, ['500', '845']));
    expect(first.statusCode, first.body).toBe(200);
    const offerId = first.json().offer_id as string;

    // The trader's list shows 500.00, revision 1 ...
    const [seen] = (await api('GET', `/api/inquiries/${inquiry.id}/offers`)).json() as {
      revision: number;
      per_product_lines: Record<string, { price_per_mt: string }>;
    }[];
    expect(seen).toMatchObject({ revision: 1 });
    expect(seen!.per_product_lines[inquiry.lineIds[0]!]!.price_per_mt).toBe('500.00');
    // ... and then the supplier revises to 999.99.
    const revised = await publicPost(s, link.token, offerBody(inquiry.lineIds, ['999.99', '845']));
    expect(revised.json()).toMatchObject({ revision: 2 });

    const stale = await award(offerId, { notes: 'Confirm by 16:00', revision: seen!.revision });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({
      success: false,
      detail: 'This offer was revised (now revision 2): review it before awarding',
      current_revision: 2,
    });
    expect((await api('GET', `/api/inquiries/${inquiry.id}`)).json().status).toBe('quoting');
    const [unchanged] = (await api('GET', `/api/inquiries/${inquiry.id}/offers`)).json() as {
      status: string;
      awarded_at: string | null;
    }[];
    expect(unchanged).toMatchObject({ status: 'submitted', awarded_at: null });

    const awarded = await award(offerId, { notes: 'Confirm by 16:00', revision: 2 });
    expect(awarded.statusCode, awarded.body).toBe(200);
    const mail = await mailer.sink.waitFor(
      (m) => m.to.includes(link.email) && /^Offer accepted/.test(m.subject),
    );
    expect(mail.text).toContain('999.99');
    expect(mail.text).not.toContain('500.00');
    expect(mailer.sink.messages.filter((m) => /^Offer accepted/.test(m.subject))).toHaveLength(1);
  });

  it('when an award names no revision, then 400 names the field and nothing changes', async () => {
    const inquiry = await createInquiry(s, trader);
    const link = await seedLink(s, trader, inquiry.id);
    const offer = await publicPost(s, link.token, offerBody(inquiry.lineIds));
    const offerId = offer.json().offer_id as string;
    for (const [body, message] of [
      [{ notes: null }, 'Revision is required'],
      [{ notes: null, revision: '1' }, 'Revision must be a whole number'],
      [{ notes: null, revision: 0 }, 'Revision must be at least 1'],
    ] as const) {
      const res = await award(offerId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'revision', message }]);
    }
    expect((await api('GET', `/api/inquiries/${inquiry.id}`)).json().status).toBe('quoting');
  });
});
