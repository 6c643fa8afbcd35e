import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer } from '@mfd/testing';
import { offerTokenHash } from '../src/domain/rfq/offer-link-token';
import {
  createSupplier,
  distribute,
  lastSentMinutesAgo,
  mailJobs,
  portOf,
  recipientRows,
  suggested,
  testSecrets,
  type TestSupplier,
} from './distribution-fixtures';
import { startRfq } from './harness';
import { createInquiry, signUpTrader } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;
const HOUR = 3_600_000;

describe('suggested suppliers and distribution', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  /** A trader with a saved signature, an inquiry at Singapore and suppliers at Singapore and Rotterdam. */
  async function setUp() {
    const trader = await signUpTrader(s.identity);
    const signature = await s.identity.app.inject({
      method: 'PUT',
      url: '/api/profile/signature',
      headers: bearer(trader),
      payload: { full_name: 'Maria Jensen', title: 'Bunker Trader', company_name: 'Baltic Bunkers ApS' },
    });
    expect(signature.statusCode, signature.body).toBe(200);
    const [sgsin, nlrtm] = [await portOf(s, trader), await portOf(s, trader, 'NLRTM')];
    const lion = await createSupplier(s, trader, 'Lion City Bunkering', {
      portIds: [sgsin],
      contacts: [
        { name: 'Tan Wei Ming', email: 'weiming@lioncity.example' },
        { name: 'Ops Desk', email: 'ops@lioncity.example' },
      ],
    });
    const straits = await createSupplier(s, trader, 'Straits Marine Fuels', { portIds: [sgsin, nlrtm] });
    const dutch = await createSupplier(s, trader, 'Maas Bunker Services', { portIds: [nlrtm] });
    const dormant = await createSupplier(s, trader, 'Dormant Oil', { portIds: [sgsin], status: 'inactive' });
    const inquiry = await createInquiry(s, trader);
    return { trader, inquiry, lion, straits, dutch, dormant };
  }
  const to = (supplier: TestSupplier, contact: number | null = null) => ({
    supplier_id: supplier.id,
    contact_id: contact === null ? null : supplier.contacts[contact]!.id,
  });
  const inquiryRow = (id: string) =>
    s.inquiry.deps.database.db
      .selectFrom('inquiries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('when a trader asks for suggested suppliers, then the active ones at the port come, and with all=1 every active one with its coverage', async () => {
    const { trader, inquiry, lion, straits, dutch } = await setUp();
    // Another company's supplier at the same port is never suggested.
    await createSupplier(s, await signUpTrader(s.identity), 'Foreign Fuels', {
      portIds: [await portOf(s, trader)],
    });

    const port = await suggested(s, trader, inquiry.id);
    expect(port.statusCode, port.body).toBe(200);
    expect(port.json().map((x: { trading_name: string }) => x.trading_name)).toEqual([
      lion.name,
      straits.name,
    ]);
    expect(port.json()[0]).toMatchObject({
      id: lion.id,
      default_email: lion.email,
      status: 'active',
      tags: ['General'],
      covers_port: true,
      contacts: [
        {
          id: lion.contacts[0]!.id,
          name: 'Tan Wei Ming',
          email: 'weiming@lioncity.example',
          is_primary: expect.any(Boolean),
        },
        { id: lion.contacts[1]!.id, name: 'Ops Desk', email: 'ops@lioncity.example', is_primary: false },
      ],
      sent: [],
    });

    const all = await suggested(s, trader, inquiry.id, true);
    expect(all.statusCode, all.body).toBe(200);
    expect(
      all.json().map((x: { trading_name: string; covers_port: boolean }) => [x.trading_name, x.covers_port]),
    ).toEqual([
      [lion.name, true],
      [dutch.name, false],
      [straits.name, true],
    ]);
  });

  it('when a supplier the inquiry went to leaves the port, then it stays suggested with its delivery', async () => {
    const { trader, inquiry, lion, straits } = await setUp();
    expect((await distribute(s, trader, inquiry.id, { recipients: [to(straits)] })).statusCode).toBe(200);
    const moved = await s.directory.app.inject({
      method: 'PATCH',
      url: `/api/suppliers/${straits.id}`,
      headers: bearer(trader),
      payload: { port_ids: [], status: 'inactive' },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const port = (await suggested(s, trader, inquiry.id)).json() as {
      id: string;
      covers_port: boolean;
      status: string;
      sent: unknown[];
    }[];
    expect(port.map((x) => [x.id, x.covers_port, x.status, x.sent.length])).toEqual([
      [lion.id, true, 'active', 0],
      [straits.id, false, 'inactive', 1],
    ]);
  });

  it('when the inquiry went to a supplier, then its entry lists each address with the delivery, count and reply-by', async () => {
    const { trader, inquiry, lion, straits } = await setUp();
    const res = await distribute(s, trader, inquiry.id, { recipients: [to(lion, 0), to(lion), to(straits)] });
    expect(res.statusCode, res.body).toBe(200);

    const entries = (await suggested(s, trader, inquiry.id)).json() as {
      id: string;
      sent: { email: string; contact_id: string | null }[];
    }[];
    const lionSent = entries.find((e) => e.id === lion.id)!.sent;
    expect(lionSent.map((x) => [x.email, x.contact_id]).sort()).toEqual(
      [
        ['weiming@lioncity.example', lion.contacts[0]!.id],
        [lion.email, null],
      ].sort(),
    );
    const rows = await recipientRows(s, inquiry.id);
    const weiming = rows.find((r) => r.email === 'weiming@lioncity.example')!;
    expect(lionSent.find((x) => x.email === weiming.email)).toEqual({
      recipient_id: weiming.id,
      contact_id: lion.contacts[0]!.id,
      email: 'weiming@lioncity.example',
      sent_at: weiming.last_sent_at.toISOString(),
      send_count: 1,
      mail_status: 'queued',
      mail_attempts: 0,
      mail_error: null,
      reply_by: res.json().reply_by,
      has_offer: false,
      declined_at: null,
      decline_reason: null,
      decline_remarks: null,
      reminder: null,
    });
    expect(entries.find((e) => e.id === straits.id)!.sent).toHaveLength(1);
  });

  it('when a trader distributes, then one transaction writes the distribution, a recipient and a hashed link each, and one sealed invitation mail each', async () => {
    const { trader, inquiry, lion, straits } = await setUp();
    const res = await distribute(s, trader, inquiry.id, { recipients: [to(lion, 0), to(straits)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      distributed_count: 2,
      skipped_count: 0,
      status: 'distributed',
      note: null,
      detail: 'Inquiry distributed successfully to 2 suppliers!',
      reply_by: expect.any(String),
    });
    expect((await inquiryRow(inquiry.id)).status).toBe('distributed');

    const db = s.inquiry.deps.database.db;
    const distributions = await db
      .selectFrom('distributions')
      .selectAll()
      .where('inquiry_id', '=', inquiry.id)
      .execute();
    expect(distributions).toEqual([
      expect.objectContaining({
        tenant_id: trader.tenantId,
        sent_by: trader.userId,
        sender_name: 'Maria Jensen',
        sender_company: expect.any(String),
        sender_email: trader.email,
      }),
    ]);
    const rows = await recipientRows(s, inquiry.id);
    expect(rows.map((r) => [r.supplier_name, r.contact_name, r.email, r.distribution_id]).sort()).toEqual(
      [
        [lion.name, 'Tan Wei Ming', 'weiming@lioncity.example', distributions[0]!.id],
        [straits.name, null, straits.email, distributions[0]!.id],
      ].sort(),
    );

    const jobs = await mailJobs(s, 'rfq-invitation');
    const mine = jobs.filter((j) => rows.some((r) => r.id === j.job.reference));
    expect(mine).toHaveLength(2);
    for (const row of rows) {
      const { job } = mine.find((j) => j.job.reference === row.id)!;
      expect(job).toMatchObject({
        to: row.email,
        to_name: row.contact_name ?? row.supplier_name,
        source: 'inquiry',
        tenant_id: trader.tenantId,
        reply_to: trader.email,
        // Replies land on this recipient of this inquiry; no copy to the trader unless asked.
        reply_route: { tenant_id: trader.tenantId, inquiry_id: inquiry.id, recipient_id: row.id },
        cc: null,
        signature: { full_name: 'Maria Jensen', title: 'Bunker Trader', company_name: 'Baltic Bunkers ApS' },
        mail: {
          template: 'rfq-invitation',
          data: {
            supplier_name: row.supplier_name,
            reply_by: res.json().reply_by,
            rfq: {
              vessel_name: 'MSC OSCAR',
              imo: '9703291',
              port_name: 'Singapore',
              port_unlocode: 'SGSIN',
              port_timezone: 'Asia/Singapore',
              eta: '2030-12-10T00:00:00.000Z',
              products: [
                expect.objectContaining({ product_name: 'VLSFO', iso_spec: 'ISO8217:2017' }),
                expect.objectContaining({ product_name: 'MGO', iso_spec: 'ISO8217:2024' }),
              ],
            },
          },
        },
      });
      // Suppliers must not learn the trader's client.
      expect(JSON.stringify(job)).not.toContain('Nordic Tankers');

      // The token travels only sealed for this address; the database holds only its SHA-256.
      const token = testSecrets.open(job.mail.data.token, row.email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const links = await db
        .selectFrom('offer_links')
        .selectAll()
        .where('recipient_id', '=', row.id)
        .execute();
      expect(links.map((l) => l.token_hash.toString('hex'))).toEqual([offerTokenHash(token).toString('hex')]);
      const dump = await sql<{ text: string }>`
        select string_agg(t::text, ' ') as text from (
          select row_to_json(x)::text as t from inquiries x union all
          select row_to_json(x)::text from inquiry_recipients x union all
          select row_to_json(x)::text from distributions x union all
          select row_to_json(x)::text from offer_links x union all
          select row_to_json(x)::text from outbox x
        ) all_rows`.execute(db);
      expect(dump.rows[0]!.text).not.toContain(token);
    }
  });

  it('when the trader asks for a copy of each invitation, then every invitation of that distribution is copied (Cc) to the trader', async () => {
    const { trader, inquiry, lion, straits } = await setUp();
    const res = await distribute(s, trader, inquiry.id, { recipients: [to(lion), to(straits)], cc_me: true });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await recipientRows(s, inquiry.id);
    const jobs = (await mailJobs(s, 'rfq-invitation')).filter((j) =>
      rows.some((r) => r.id === j.job.reference),
    );
    expect(jobs.map((j) => j.job.cc)).toEqual([trader.email, trader.email]);
  });

  it('when the trader has saved no signature, then the invitation is signed with their name and company, never the name twice', async () => {
    const trader = await signUpTrader(s.identity, { first_name: 'Tina', last_name: 'Trader' });
    const supplier = await createSupplier(s, trader, 'Unsigned Test Fuels', {
      portIds: [await portOf(s, trader)],
    });
    const signatures = async () => {
      const inquiry = await createInquiry(s, trader);
      const res = await distribute(s, trader, inquiry.id, { recipients: [to(supplier)] });
      expect(res.statusCode, res.body).toBe(200);
      return (await mailJobs(s, 'rfq-invitation'))
        .filter((j) => j.job.tenant_id === trader.tenantId)
        .map((j) => j.job.signature);
    };
    // A new account's company is named after its user: the signature names the person once.
    expect(await signatures()).toEqual([
      expect.objectContaining({ full_name: 'Tina Trader', company_name: null, email: trader.email }),
    ]);

    const company = await s.identity.app.inject({
      method: 'PUT',
      url: '/api/profile/company',
      headers: bearer(trader),
      payload: {
        name: 'Trader Bunkers Ltd',
        legal_name: 'Trader Bunkers Limited',
        address: '1 Harbour Road',
        city: 'Singapore',
        country: 'Singapore',
        email: 'desk@trader-bunkers.example',
      },
    });
    expect(company.statusCode, company.body).toBe(200);
    expect(await signatures()).toContainEqual(
      expect.objectContaining({ full_name: 'Tina Trader', company_name: 'Trader Bunkers Ltd' }),
    );
  });

  it('when the trader named the company at sign-up, then the unsigned invitation names person and company', async () => {
    const trader = await signUpTrader(s.identity, {
      first_name: 'Tom',
      last_name: 'Broker',
      company_name: 'Harbour Fuel Brokers',
    });
    const supplier = await createSupplier(s, trader, 'Named Company Fuels', {
      portIds: [await portOf(s, trader)],
    });
    const inquiry = await createInquiry(s, trader);
    const res = await distribute(s, trader, inquiry.id, { recipients: [to(supplier)] });
    expect(res.statusCode, res.body).toBe(200);
    const jobs = (await mailJobs(s, 'rfq-invitation')).filter((j) => j.job.tenant_id === trader.tenantId);
    expect(jobs.map((j) => j.job.signature)).toEqual([
      expect.objectContaining({ full_name: 'Tom Broker', company_name: 'Harbour Fuel Brokers' }),
    ]);
  });

  it('when an address already had the inquiry, then it is skipped with a note, and sent again with resend once 15 minutes have passed', async () => {
    const { trader, inquiry, lion, straits } = await setUp();
    await distribute(s, trader, inquiry.id, { recipients: [to(lion), to(straits)] });
    const first = await recipientRows(s, inquiry.id);

    const again = await distribute(s, trader, inquiry.id, { recipients: [to(lion), to(straits)] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      success: true,
      distributed_count: 0,
      skipped_count: 2,
      status: 'distributed',
      note: '2 supplier addresses already had this inquiry and were skipped; send again with resend',
      detail: 'Distribution processed: distributed',
    });
    const db = s.inquiry.deps.database.db;
    const countDistributions = async () =>
      (await db.selectFrom('distributions').select('id').where('inquiry_id', '=', inquiry.id).execute())
        .length;
    expect(await countDistributions()).toBe(1);

    // A mix: one new address goes out, the known one is skipped.
    const mixed = await distribute(s, trader, inquiry.id, { recipients: [to(lion), to(lion, 1)] });
    expect(mixed.json()).toMatchObject({ distributed_count: 1, skipped_count: 1 });
    expect(mixed.json().note).toBe(
      '1 supplier address already had this inquiry and was skipped; send again with resend',
    );

    const lionRow = first.find((r) => r.supplier_id === lion.id)!;
    await db
      .updateTable('inquiry_recipients')
      .set({ mail_status: 'failed', mail_error: '550 Mailbox unavailable', mail_attempts: 1 })
      .where('id', '=', lionRow.id)
      .execute();
    // Within 15 minutes of its last mail an address is not sent it again, resend or not.
    const tooSoon = await distribute(s, trader, inquiry.id, { recipients: [to(lion)], resend: true });
    expect(tooSoon.statusCode, tooSoon.body).toBe(200);
    expect(tooSoon.json()).toMatchObject({
      distributed_count: 0,
      skipped_count: 1,
      note: '1 supplier address was sent this inquiry less than 15 minutes ago and was skipped; send again later',
    });
    expect(await countDistributions()).toBe(2);

    await lastSentMinutesAgo(s, inquiry.id, 15);
    const resend = await distribute(s, trader, inquiry.id, { recipients: [to(lion)], resend: true });
    expect(resend.json()).toMatchObject({
      distributed_count: 1,
      skipped_count: 0,
      note: null,
      status: 'distributed',
    });
    const after = (await recipientRows(s, inquiry.id)).find((r) => r.id === lionRow.id)!;
    expect(after).toMatchObject({ send_count: 2, mail_status: 'queued', mail_error: null, mail_attempts: 0 });
    expect(after.last_sent_at.getTime()).toBeGreaterThan(lionRow.last_sent_at.getTime());
    expect(after.distribution_id).not.toBe(lionRow.distribution_id);
    // A new link each time; the first one is retired with the new mail.
    const links = await db
      .selectFrom('offer_links')
      .select(['token_hash', 'superseded_at'])
      .where('recipient_id', '=', lionRow.id)
      .orderBy('created_at')
      .execute();
    expect(links.map((l) => l.superseded_at !== null)).toEqual([true, false]);
    expect((await mailJobs(s, 'rfq-invitation')).filter((j) => j.job.reference === lionRow.id)).toHaveLength(
      2,
    );
  });

  it('when the inquiry is being quoted, then a distribution keeps it quoting', async () => {
    const { trader, inquiry, lion } = await setUp();
    await s.inquiry.deps.database.db
      .updateTable('inquiries')
      .set({ status: 'quoting' })
      .where('id', '=', inquiry.id)
      .execute();
    const res = await distribute(s, trader, inquiry.id, { recipients: [to(lion)] });
    expect(res.json()).toMatchObject({ distributed_count: 1, status: 'quoting' });
    expect((await inquiryRow(inquiry.id)).status).toBe('quoting');
  });

  it('when no reply-by is given, then it is 24 hours ahead, or the ETA when that comes first', async () => {
    const { trader, inquiry, lion } = await setUp();
    const before = Date.now();
    const res = await distribute(s, trader, inquiry.id, { recipients: [to(lion)] });
    const replyBy = new Date(res.json().reply_by).getTime();
    expect(replyBy).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect(replyBy).toBeLessThanOrEqual(Date.now() + 24 * HOUR);

    const eta = new Date(Date.now() + 6 * HOUR);
    eta.setUTCMilliseconds(0);
    const soon = await createInquiry(s, trader, { eta: eta.toISOString(), etb: null, etd: null });
    const capped = await distribute(s, trader, soon.id, { recipients: [to(lion)] });
    expect(capped.statusCode, capped.body).toBe(200);
    expect(capped.json().reply_by).toBe(eta.toISOString());
    expect((await recipientRows(s, soon.id))[0]!.reply_by.toISOString()).toBe(eta.toISOString());

    const chosen = new Date(Date.now() + 2 * HOUR);
    chosen.setUTCMilliseconds(0);
    const third = await createInquiry(s, trader);
    const given = await distribute(s, trader, third.id, {
      recipients: [to(lion)],
      reply_by: chosen.toISOString(),
    });
    expect(given.json().reply_by).toBe(chosen.toISOString());
  });

  it('when a field is wrong, then 400 names it and nothing is written', async () => {
    const { trader, inquiry, lion, straits, dormant } = await setUp();
    const stranger = await signUpTrader(s.identity);
    const foreign = await createSupplier(s, stranger, 'Foreign Fuels', {
      contacts: [{ name: 'Someone', email: 'someone@foreign.example' }],
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const past = new Date(Date.now() - HOUR).toISOString();
    const afterEta = '2030-12-11T00:00:00Z';
    const cases: [object, string][] = [
      [{ recipients: [] }, 'recipients'],
      [{}, 'recipients'],
      [{ recipients: [{ supplier_id: 'nope' }] }, 'recipients.0.supplier_id'],
      [{ recipients: [to(lion), { supplier_id: unknown }] }, 'recipients.1.supplier_id'],
      [{ recipients: [to(lion), { supplier_id: foreign.id }] }, 'recipients.1.supplier_id'],
      [{ recipients: [to(straits), to(dormant)] }, 'recipients.1.supplier_id'],
      [
        { recipients: [to(lion), { supplier_id: straits.id, contact_id: lion.contacts[0]!.id }] },
        'recipients.1.contact_id',
      ],
      [
        { recipients: [{ supplier_id: lion.id, contact_id: foreign.contacts[0]!.id }] },
        'recipients.0.contact_id',
      ],
      [{ recipients: [{ supplier_id: lion.id, contact_id: 'x' }] }, 'recipients.0.contact_id'],
      [{ recipients: [to(lion)], reply_by: 'tomorrow' }, 'reply_by'],
      [{ recipients: [to(lion)], reply_by: past }, 'reply_by'],
      [{ recipients: [to(lion)], reply_by: afterEta }, 'reply_by'],
      [{ recipients: [to(lion)], resend: 'yes' }, 'resend'],
    ];
    for (const [body, field] of cases) {
      const res = await distribute(s, trader, inquiry.id, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().success).toBe(false);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        res.body,
      ).toContain(field);
    }
    const db = s.inquiry.deps.database.db;
    expect(
      await db.selectFrom('distributions').select('id').where('inquiry_id', '=', inquiry.id).execute(),
    ).toEqual([]);
    expect(await recipientRows(s, inquiry.id)).toEqual([]);
    expect((await mailJobs(s, 'rfq-invitation')).filter((j) => j.job.tenant_id === trader.tenantId)).toEqual(
      [],
    );
    expect((await inquiryRow(inquiry.id)).status).toBe('draft');
  });

  it('when the ETA has passed, then a distribution is refused on reply_by', async () => {
    const { trader, lion } = await setUp();
    const old = await createInquiry(s, trader);
    await s.inquiry.deps.database.db
      .updateTable('inquiries')
      .set({ eta: new Date(Date.now() - HOUR) })
      .where('id', '=', old.id)
      .execute();
    const res = await distribute(s, trader, old.id, { recipients: [to(lion)] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'reply_by', message: expect.stringContaining('ETA has passed') },
    ]);
  });

  it('when another company asks for the suggestions or distributes this inquiry, then 404', async () => {
    const { inquiry } = await setUp();
    const stranger = await signUpTrader(s.identity);
    const strangerSupplier = await createSupplier(s, stranger, 'Stranger Supply');
    expect((await suggested(s, stranger, inquiry.id)).statusCode).toBe(404);
    expect((await suggested(s, stranger, inquiry.id, true)).statusCode).toBe(404);
    const res = await distribute(s, stranger, inquiry.id, { recipients: [to(strangerSupplier)] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, detail: 'Inquiry not found' });
    expect(await recipientRows(s, inquiry.id)).toEqual([]);
  });

  it('when the inquiry is cancelled, then distributing it is 409 and nothing is sent', async () => {
    const { trader, inquiry, lion } = await setUp();
    const cancel = await s.inquiry.app.inject({
      method: 'POST',
      url: `/api/inquiries/${inquiry.id}/cancel`,
      headers: bearer(trader),
      payload: { reason: 'Vessel diverted' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await distribute(s, trader, inquiry.id, { recipients: [to(lion)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This inquiry can no longer be sent to suppliers: it has been cancelled.');
    expect(await recipientRows(s, inquiry.id)).toEqual([]);
  });
});
