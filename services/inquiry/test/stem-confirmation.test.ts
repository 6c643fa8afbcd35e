import { simpleParser } from 'mailparser';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILBOX_UNVERIFIED } from '@mfd/contracts';
import { bearer, eventually, makeUser } from '@mfd/testing';
import type { ReceivedMail } from '@mfd/testing';
import { mailJobs } from './distribution-fixtures';
import { startRfqWithMailer } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfqWithMailer>>;
type Method = 'GET' | 'POST' | 'PUT';

const pdfText = async (bytes: Buffer | Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

/** What a mailbox reads of a mail: its text and html, and the text of each PDF attached. */
async function readMail(mail: ReceivedMail) {
  const parsed = await simpleParser(mail.raw);
  const pdfs = parsed.attachments.filter((a) => a.contentType === 'application/pdf');
  return {
    body: `${mail.subject}\n${mail.text}\n${mail.html}`,
    filenames: pdfs.map((a) => a.filename),
    pdfs: await Promise.all(pdfs.map((a) => pdfText(a.content))),
  };
}

const ackToken = (text: string) => /\/offer\/([A-Za-z0-9_-]{43})\/acknowledge/.exec(text)?.[1] ?? null;

describe('the stem confirmation: its two copies, sending it, the supplier’s acknowledgement', () => {
  let s: Stack;
  let trader: Caller & { email: string };
  beforeAll(async () => {
    s = await startRfqWithMailer({}, {}, { mailEvents: true });
    trader = await signUpTrader(s.identity, {
      first_name: 'Maria',
      last_name: 'Jensen',
      company_name: 'Baltic Bunkers ApS',
    });
    const signature = await s.identity.app.inject({
      method: 'PUT',
      url: '/api/profile/signature',
      headers: bearer(trader),
      payload: { full_name: 'Maria Jensen', title: 'Senior Bunker Trader', phone: '+45 1234 5678' },
    });
    expect(signature.statusCode, signature.body).toBe(200);
  });
  afterAll(() => s.close());

  const call = (user: Caller, method: Method, url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const api = (method: Method, url: string, payload?: object) => call(trader, method, url, payload);
  const acknowledge = (token: string, payload: object) =>
    s.inquiry.app.inject({ method: 'POST', url: `/api/public/offers/${token}/acknowledge`, payload });

  /** A stem with Winner Fuels (VLSFO 612.35, MGO 845.10) marked up by USD 7.50/MT on each line. */
  async function markedUpStem() {
    const inquiry = await createInquiry(s, trader);
    const winner = await seedLink(s, trader, inquiry.id, { supplierName: 'Winner Fuels' });
    const won = await publicPost(
      s,
      winner.token,
      offerBody(inquiry.lineIds, ['612.35', '845.10'], { barging_charges: '1500.5' }),
    );
    expect(won.statusCode, won.body).toBe(200);
    const award = await api('POST', `/api/offers/${won.json().offer_id}/award`, { notes: null, revision: 1 });
    expect(award.statusCode, award.body).toBe(200);
    const stemId = (
      (await api('GET', `/api/stems?inquiry_id=${inquiry.id}`)).json().items as {
        id: string;
        inquiry_id: string;
      }[]
    ).find((i) => i.inquiry_id === inquiry.id)!.id;
    const priced = await api('PUT', `/api/stems/${stemId}/pricing`, {
      mode: 'markup',
      lines: inquiry.lineIds.map((id) => ({ product_line_id: id, basis: 'per_mt', amount: '7.5' })),
    });
    expect(priced.statusCode, priced.body).toBe(200);
    // 7.5 × (600.5 + 80)
    expect(priced.json().margin_usd).toBe('5103.75');
    return { stemId, winner, stem: priced.json() as { reference: string } };
  }

  const BUY = ['612.35', '845.10'];
  const SELL = ['619.85', '852.60'];
  const MARGIN = ['5,103.75', '5103.75', '7.50', '7.5'];

  it('when the trader downloads each copy, then the supplier’s has the buy prices only and the customer’s the sell prices and selling terms, never the margin', async () => {
    const { stemId, stem } = await markedUpStem();
    const supplier = await api('GET', `/api/stems/${stemId}/confirmation.pdf?copy=supplier`);
    expect(supplier.statusCode, supplier.body).toBe(200);
    expect(supplier.headers['content-type']).toBe('application/pdf');
    expect(supplier.headers['content-disposition']).toBe(
      `attachment; filename="${stem.reference}-supplier.pdf"`,
    );
    const supplierText = await pdfText(supplier.rawPayload);
    for (const text of [
      stem.reference,
      'Baltic Bunkers ApS',
      'Winner Fuels',
      'MSC OSCAR',
      'VLSFO',
      'Senior Bunker Trader',
      'USD 1,500.50',
    ])
      expect(supplierText).toContain(text);
    for (const price of BUY) expect(supplierText).toContain(price);
    for (const price of [...SELL, ...MARGIN]) expect(supplierText).not.toContain(price);
    expect(supplierText).not.toContain('Selling terms');

    const customer = await api('GET', `/api/stems/${stemId}/confirmation.pdf?copy=customer`);
    expect(customer.statusCode, customer.body).toBe(200);
    const customerText = await pdfText(customer.rawPayload);
    for (const price of SELL) expect(customerText).toContain(price);
    for (const price of [...BUY, ...MARGIN]) expect(customerText).not.toContain(price);
    expect(customerText).toContain('Selling terms');

    for (const query of ['?copy=margin', '']) {
      const bad = await api('GET', `/api/stems/${stemId}/confirmation.pdf${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['copy']);
    }
    const stranger = makeUser({ role: 'admin' });
    expect(
      (await call(stranger, 'GET', `/api/stems/${stemId}/confirmation.pdf?copy=supplier`)).statusCode,
    ).toBe(404);
  });

  it('when the trader sends it, then each recipient gets its own copy, the supplier a link that acknowledges once, and a resend retires it', async () => {
    const { stemId, stem, winner } = await markedUpStem();
    const cc = 'ops-desk@baltic-bunkers.example';
    const sent = await api('POST', `/api/stems/${stemId}/send`, {
      to_supplier: true,
      to_customer: true,
      to_agent: true,
      cc: [cc],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', acknowledged_at: null });
    expect(sent.json().sent_at).toEqual(expect.any(String));

    const supplierMail = await s.mailer.sink.waitFor(
      (m) => m.to.includes(winner.email) && m.subject.includes(stem.reference),
    );
    const ccMail = await s.mailer.sink.waitFor(
      (m) => m.to.includes(cc) && m.subject.includes(stem.reference),
    );
    const supplierRead = await readMail(supplierMail);
    expect(supplierRead.filenames).toEqual([`${stem.reference}-supplier.pdf`]);
    for (const price of BUY) expect(supplierRead.pdfs[0]).toContain(price);
    for (const price of [...SELL, ...MARGIN]) {
      expect(supplierRead.pdfs[0]).not.toContain(price);
      expect(supplierRead.body).not.toContain(price);
    }
    const ccRead = await readMail(ccMail);
    expect(ccRead.filenames).toEqual([`${stem.reference}-customer.pdf`]);
    for (const price of SELL) expect(ccRead.pdfs[0]).toContain(price);
    for (const price of [...BUY, ...MARGIN]) {
      expect(ccRead.pdfs[0]).not.toContain(price);
      expect(ccRead.body).not.toContain(price);
    }
    expect(ackToken(ccRead.body)).toBeNull();
    const agentMail = await s.mailer.sink.waitFor(
      (m) => m.to.includes('ops@harbour-agency.example') && m.subject.includes(stem.reference),
    );
    expect((await readMail(agentMail)).filenames).toEqual([`${stem.reference}-customer.pdf`]);

    const first = ackToken(supplierRead.body)!;
    expect(first).not.toBeNull();
    const blank = await acknowledge(first, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.map((e: { field: string }) => e.field)).toEqual(['name']);

    // Sent again before anyone acknowledged: a fresh link, the first retires.
    const again = await api('POST', `/api/stems/${stemId}/send`, { to_supplier: true });
    expect(again.statusCode, again.body).toBe(200);
    const resent = await s.mailer.sink.waitFor(
      (m) =>
        m.to.includes(winner.email) && m.subject.startsWith(`Updated stem confirmation ${stem.reference}`),
    );
    const second = ackToken((await readMail(resent)).body)!;
    expect(second).not.toBe(first);
    const old = await acknowledge(first, { name: 'Lee Wong' });
    expect(old.statusCode).toBe(410);
    expect(old.json().state).toBe('superseded');

    const done = await acknowledge(second, { name: 'Lee Wong' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ success: true, reference: stem.reference });
    const twice = await acknowledge(second, { name: 'Lee Wong' });
    expect(twice.statusCode).toBe(410);
    expect(twice.json().state).toBe('acknowledged');

    const view = (await api('GET', `/api/stems/${stemId}`)).json();
    expect(view).toMatchObject({ status: 'acknowledged', acknowledged_by: 'Lee Wong' });
    expect(view.acknowledged_at).toEqual(expect.any(String));

    // A copy to the customer alone keeps the acknowledgement; the unknown link is a 404.
    const toCustomer = await api('POST', `/api/stems/${stemId}/send`, { to_customer: true });
    expect(toCustomer.json()).toMatchObject({ status: 'acknowledged', acknowledged_by: 'Lee Wong' });
    expect((await acknowledge('A'.repeat(43), { name: 'X' })).statusCode).toBe(404);
    expect((await acknowledge('short', { name: 'X' })).statusCode).toBe(404);

    const items = (await api('GET', `/api/inquiries/${view.inquiry_id}/timeline`)).json().items as {
      type: string;
      actor: { kind: string };
      detail: { name?: string; recipients?: { copy: string }[] };
    }[];
    const sends = items.filter((i) => i.type === 'stem_sent');
    expect(sends).toHaveLength(3);
    expect(sends[0]!.detail.recipients!.map((r) => r.copy)).toContain('supplier');
    const acked = items.find((i) => i.type === 'stem_acknowledged');
    expect(acked).toMatchObject({ actor: { kind: 'supplier' }, detail: { name: 'Lee Wong' } });

    // How each confirmation mail ended joins the trail, as every supplier mail's does.
    const mailed = [winner.email, cc, 'ops@harbour-agency.example'];
    const outcomes = await eventually(
      async () =>
        (
          (await api('GET', `/api/inquiries/${view.inquiry_id}/timeline`)).json().items as {
            type: string;
            detail: { to?: string; status?: string };
          }[]
        ).filter((i) => i.type === 'mail_outcome' && i.detail.status === 'sent'),
      (sent) => mailed.every((to) => sent.some((i) => i.detail.to === to)),
    );
    for (const to of mailed) expect(outcomes.map((i) => i.detail.to)).toContain(to);
  });

  it('when 30 days have passed since the send, then the link has expired, whatever the reply-by', async () => {
    const { stemId, stem, winner } = await markedUpStem();
    const sent = await api('POST', `/api/stems/${stemId}/send`, { to_supplier: true });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await s.mailer.sink.waitFor(
      (m) => m.to.includes(winner.email) && m.subject.includes(stem.reference),
    );
    const token = ackToken((await readMail(mail)).body)!;
    const db = s.inquiry.deps.database.db;
    const link = await db
      .selectFrom('stem_links')
      .select(['created_at', 'expires_at'])
      .where('stem_id', '=', stemId)
      .executeTakeFirstOrThrow();
    expect(link.expires_at.getTime() - link.created_at.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    await db
      .updateTable('stem_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('stem_id', '=', stemId)
      .execute();
    const late = await acknowledge(token, { name: 'Lee Wong' });
    expect(late.statusCode).toBe(410);
    expect(late.json().state).toBe('expired');
    expect((await api('GET', `/api/stems/${stemId}`)).json().status).toBe('sent');
  });

  it('when the send names no recipient, a bad cc or a sell-side copy to the supplier’s address, then 400 names each field; another company’s stem is a 404', async () => {
    const { stemId, winner } = await markedUpStem();
    const fields = async (body: object) => {
      const res = await api('POST', `/api/stems/${stemId}/send`, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors.map((e: { field: string }) => e.field) as string[];
    };
    expect(await fields({})).toEqual(['to_supplier']);
    expect(await fields({ to_customer: true, cc: ['not-an-address'] })).toEqual(['cc.0']);
    expect(await fields({ to_customer: 'yes' })).toEqual(['to_customer']);
    expect(
      await fields({ to_customer: true, cc: Array.from({ length: 11 }, (_, i) => `a${i}@x.example`) }),
    ).toEqual(['cc']);
    expect(await fields({ to_customer: true, cc: [winner.email.toUpperCase()] })).toEqual(['cc.0']);
    expect((await api('GET', `/api/stems/${stemId}`)).json()).toMatchObject({
      status: 'draft',
      sent_at: null,
    });

    const stranger = makeUser({ role: 'admin' });
    const foreign = await call(stranger, 'POST', `/api/stems/${stemId}/send`, { to_supplier: true });
    expect(foreign.statusCode).toBe(404);
  });
  it('when the trader’s mailbox is not confirmed, then the send is refused (403) and nothing is mailed or moved', async () => {
    const { stemId } = await markedUpStem();
    const before = (await mailJobs(s, 'stem-confirmation')).length;
    const users = () => s.identity.deps.database.db.updateTable('users').where('id', '=', trader.userId);
    await users().set({ email_verified_at: null }).execute();
    try {
      const refused = await api('POST', `/api/stems/${stemId}/send`, { to_supplier: true });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().detail).toBe(MAILBOX_UNVERIFIED);
    } finally {
      await users().set({ email_verified_at: new Date() }).execute();
    }
    expect(await mailJobs(s, 'stem-confirmation')).toHaveLength(before);
    const stem = (await api('GET', `/api/stems/${stemId}`)).json();
    expect(stem).toMatchObject({ status: 'draft', sent_at: null });
    const links = await s.inquiry.deps.database.db
      .selectFrom('stem_links')
      .select('token_hash')
      .where('stem_id', '=', stemId)
      .execute();
    expect(links).toEqual([]);
  });
});
