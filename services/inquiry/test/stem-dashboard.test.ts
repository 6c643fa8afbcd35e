import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import type { MailerHarness } from '../../mailer/test/harness';
import { mailStemDigests } from '../src/domain/stems/stem-digest';
import { mailJobs } from './distribution-fixtures';
import { startRfqWithMailer } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfqWithMailer>>;
type Trader = Awaited<ReturnType<typeof signUpTrader>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the dashboard’s stem lists and the daily digest', () => {
  let s: Stack;
  let m: MailerHarness;
  beforeAll(async () => {
    s = await startRfqWithMailer();
    m = s.mailer;
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

  /** A stem of the trader's, as sent (the send is the stems slice's: the fixture moves the row). */
  async function sentStem(trader: Trader, vessel: string) {
    const inquiry = await createInquiry(s, trader, { vessel_name: vessel });
    const link = await seedLink(s, trader, inquiry.id, { supplierName: 'Winner Fuels' });
    const offer = await publicPost(s, link.token, offerBody(inquiry.lineIds));
    expect(offer.statusCode, offer.body).toBe(200);
    const award = await api(trader, 'POST', `/api/offers/${offer.json().offer_id}/award`, {
      notes: null,
      revision: 1,
    });
    expect(award.statusCode, award.body).toBe(200);
    const items = (await api(trader, 'GET', `/api/stems?inquiry_id=${inquiry.id}`)).json().items as {
      id: string;
      inquiry_id: string;
      reference: string;
    }[];
    const stem = items.find((i) => i.inquiry_id === inquiry.id)!;
    await s.inquiry.deps.database.db
      .updateTable('stems')
      .set({ status: 'sent' })
      .where('id', '=', stem.id)
      .execute();
    return { ...stem, lineIds: inquiry.lineIds };
  }

  async function delivered(trader: Trader, vessel: string, ago: number) {
    const stem = await sentStem(trader, vessel);
    const res = await api(trader, 'POST', `/api/stems/${stem.id}/delivery`, {
      bdn_number: 'BDN-1',
      delivered_at: new Date(Date.now() - ago).toISOString(),
      lines: stem.lineIds.map((id) => ({ product_line_id: id, quantity_mt: '550', density_kg_m3: '990' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return stem;
  }

  it('when a trader has a stem awaiting delivery, an invoice due within 7 days and a claim near its bar, then the dashboard lists each and the digest mails them once a day', async () => {
    const trader = await signUpTrader(s.identity);
    // The bell's read records where the trader's mails go.
    expect((await api(trader, 'GET', '/api/notifications')).statusCode).toBe(200);
    const awaiting = await sentStem(trader, 'AWAITING STAR');
    // No payment terms: 30 days from delivery, so delivered 25 days ago is due in about 5.
    const invoiced = await delivered(trader, 'INVOICED STAR', 25 * DAY);
    expect(
      (
        await api(trader, 'POST', `/api/stems/${invoiced.id}/invoice`, {
          number: 'INV-9',
          date: '2026-11-20',
          amount_usd: '1000',
        })
      ).statusCode,
    ).toBe(200);
    // A quantity claim's bar is 7 days: delivered 5 days ago, it ends in 2.
    const claimed = await delivered(trader, 'CLAIM STAR', 5 * DAY);
    const claim = await api(trader, 'POST', `/api/stems/${claimed.id}/claims`, {
      kind: 'quantity',
      description: 'Short',
    });
    expect(claim.json().status).toBe('open');
    // Far from its bar: not listed.
    await api(trader, 'POST', `/api/stems/${claimed.id}/claims`, { kind: 'other', description: 'Paperwork' });

    const board = await api(trader, 'GET', '/api/dashboard/stems');
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json()).toMatchObject({
      awaiting_delivery: [
        {
          stem_id: awaiting.id,
          reference: awaiting.reference,
          vessel_name: 'AWAITING STAR',
          supplier_name: 'Winner Fuels',
        },
      ],
      invoices_due: [{ stem_id: invoiced.id, invoice_number: 'INV-9', amount_usd: '1000.00' }],
      claims_expiring: [
        {
          stem_id: claimed.id,
          claim_id: claim.json().id,
          kind: 'quantity',
          time_bar_at: claim.json().time_bar_at,
        },
      ],
    });
    const stranger = await signUpTrader(s.identity);
    expect((await api(stranger, 'GET', '/api/dashboard/stems')).json()).toEqual({
      awaiting_delivery: [],
      invoices_due: [],
      claims_expiring: [],
    });

    // Tomorrow's pass, after the digest hour: one mail, and a second pass that day sends none.
    const tomorrow = new Date(Date.now() + DAY);
    const at = new Date(`${tomorrow.toISOString().slice(0, 10)}T06:30:00Z`);
    const { db } = s.inquiry.deps.database;
    expect(await mailStemDigests(db, new Date(at.getTime() - HOUR))).toBe(0);
    expect(await mailStemDigests(db, at)).toBeGreaterThanOrEqual(1);
    expect(await mailStemDigests(db, at)).toBe(0);
    s.inquiry.deps.relay.kick();
    const mail = await m.sink.waitFor((x) => x.to.includes(trader.email));
    expect(mail.subject).toBe('Your stems today: 3 to look at');
    expect(mail.text).toContain('Claims whose time bar ends within 72 hours');
    expect(mail.text).toContain(`/stems/${claimed.id} CLAIM STAR at Singapore: Quantity claim, time-barred`);
    expect(mail.text).toContain('invoice INV-9, USD 1,000.00');
    expect(mail.text).toContain(`/stems/${awaiting.id} AWAITING STAR at Singapore from Winner Fuels`);
    expect(mail.text).toContain(awaiting.reference);
    expect((await mailJobs(s, 'stem-digest')).filter((j) => j.job.to === trader.email)).toHaveLength(1);
  });

  it('when a trader turned the digest off in the profile, then no digest is mailed', async () => {
    const trader = await signUpTrader(s.identity);
    expect((await api(trader, 'GET', '/api/notifications')).statusCode).toBe(200);
    const off = await api(trader, 'PUT', '/api/notifications/preferences', { email: { stem_digest: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().email).toMatchObject({ stem_digest: false, offer_submitted: true });
    await sentStem(trader, 'QUIET STAR');
    const at = new Date(`${new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)}T07:00:00Z`);
    await mailStemDigests(s.inquiry.deps.database.db, at);
    expect((await mailJobs(s, 'stem-digest')).filter((j) => j.job.to === trader.email)).toEqual([]);
  });
});
