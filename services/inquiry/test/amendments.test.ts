import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import { offerTokenHash } from '../src/domain/rfq/offer-link-token';
import {
  createSupplier,
  distribute,
  mailJobs,
  portOf,
  recipientRows,
  testSecrets,
} from './distribution-fixtures';
import { startRfq } from './harness';
import { newInquiry } from './inquiry-fixtures';
import { createInquiry, publicGet, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

describe('pending changes, amendments and cancel notices to the suppliers an inquiry went to', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const inquiryRow = (id: string) =>
    s.inquiry.deps.database.db
      .selectFrom('inquiries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** An inquiry sent to two suppliers (one by a contact), with what a full edit must send. */
  async function sentInquiry() {
    const trader = await signUpTrader(s.identity);
    const sgsin = await portOf(s, trader);
    const lion = await createSupplier(s, trader, 'Lion City Bunkering', {
      portIds: [sgsin],
      contacts: [{ name: 'Tan Wei Ming', email: 'weiming@lioncity.example' }],
    });
    const straits = await createSupplier(s, trader, 'Straits Marine Fuels', { portIds: [sgsin] });
    const inquiry = await createInquiry(s, trader);
    const sent = await distribute(s, trader, inquiry.id, {
      recipients: [
        { supplier_id: lion.id, contact_id: lion.contacts[0]!.id },
        { supplier_id: straits.id, contact_id: null },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const customerId = (await inquiryRow(inquiry.id)).customer_id!;
    const edit = (extra: object = {}) => {
      const { products: _products, ...fields } = newInquiry(customerId, sgsin);
      return { ...fields, ...extra };
    };
    return { trader, inquiry, lion, straits, edit, sgsin };
  }

  const sendAmendment = (user: Caller, id: string, body: object = {}) =>
    api(user, 'POST', `/api/inquiries/${id}/amendments`, body);
  const detailOf = async (user: Caller, id: string) =>
    (await api(user, 'GET', `/api/inquiries/${id}`)).json();

  const amendmentsOf = async (s2: Stack, tenantId: string) =>
    (await mailJobs(s2, 'rfq-amendment')).filter((j) => j.job.tenant_id === tenantId);

  it('when a sent inquiry is edited twice, then nothing is mailed, the revision stays and the detail lists the pending changes', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    const put = await api(
      trader,
      'PUT',
      `/api/inquiries/${inquiry.id}`,
      edit({ eta: '2030-12-10T10:30:00+08:00' }),
    );
    expect(put.statusCode, put.body).toBe(200);
    const line = await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/products/${inquiry.lineIds[0]}`, {
      product_name: 'VLSFO',
      quantity_mt_min: 500,
      quantity_mt_max: 700,
    });
    expect(line.statusCode, line.body).toBe(200);

    expect(await amendmentsOf(s, trader.tenantId)).toEqual([]);
    expect(await inquiryRow(inquiry.id)).toMatchObject({ revision: 1, amended_at: null });
    expect((await detailOf(trader, inquiry.id)).pending_changes).toEqual({
      fields: ['eta'],
      lines_changed: 1,
      recipients: 2,
      changes: [
        {
          label: 'ETA',
          before: '10 Dec 2030 08:00 local (UTC+08:00) / 10 Dec 2030 00:00 UTC',
          after: '10 Dec 2030 10:30 local (UTC+08:00) / 10 Dec 2030 02:30 UTC',
        },
        { label: 'VLSFO quantity', before: '500–600.5 MT', after: '500–700 MT' },
      ],
    });
  });

  it('when the amendment is sent, then each recipient gets one mail listing every change, with the message, the new reply-by and a new link, and nothing is pending any more', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    const before = await recipientRows(s, inquiry.id);
    await s.inquiry.deps.database.db
      .updateTable('inquiry_recipients')
      .set({ mail_status: 'sent', mail_attempts: 1 })
      .where('inquiry_id', '=', inquiry.id)
      .execute();
    for (const change of [
      edit({ eta: '2030-12-10T10:30:00+08:00' }),
      edit({ eta: '2030-12-10T10:30:00+08:00', supplier_notes: 'Barge only.' }),
    ])
      expect((await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, change)).statusCode).toBe(200);
    const replyBy = '2030-12-09T12:00:00.000Z';

    const res = await sendAmendment(trader, inquiry.id, { message: 'The berth moved.', reply_by: replyBy });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      amended_count: 2,
      detail: 'Amendment sent to 2 supplier addresses.',
    });

    const row = await inquiryRow(inquiry.id);
    expect(row.revision).toBe(2);
    expect(row.amended_at).toBeInstanceOf(Date);
    expect(row.status).toBe('distributed');
    const amendments = await amendmentsOf(s, trader.tenantId);
    expect(amendments).toHaveLength(2);
    const db = s.inquiry.deps.database.db;
    for (const recipient of before) {
      const { job } = amendments.find((a) => a.job.reference === recipient.id)!;
      expect(job).toMatchObject({
        to: recipient.email,
        to_name: recipient.contact_name ?? recipient.supplier_name,
        reply_to: trader.email,
        link_expires_at: replyBy,
        mail: {
          template: 'rfq-amendment',
          data: {
            supplier_name: recipient.supplier_name,
            reply_by: replyBy,
            message: 'The berth moved.',
            rfq: { eta: '2030-12-10T02:30:00.000Z', supplier_notes: 'Barge only.' },
            changes: [
              {
                label: 'ETA',
                before: '10 Dec 2030 08:00 local (UTC+08:00) / 10 Dec 2030 00:00 UTC',
                after: '10 Dec 2030 10:30 local (UTC+08:00) / 10 Dec 2030 02:30 UTC',
              },
              { label: 'Notes for suppliers', before: 'None', after: 'Barge only.' },
            ],
          },
        },
      });
      const token = testSecrets.open(job.mail.data.token, recipient.email);
      const links = await db
        .selectFrom('offer_links')
        .select('token_hash')
        .where('recipient_id', '=', recipient.id)
        .execute();
      expect(links).toHaveLength(2);
      expect(links.map((l) => l.token_hash.toString('hex'))).toContain(offerTokenHash(token).toString('hex'));
    }
    // The row follows the amendment's delivery from now on, and its new reply-by.
    for (const r of await recipientRows(s, inquiry.id))
      expect(r).toMatchObject({
        mail_status: 'queued',
        mail_attempts: 0,
        send_count: 1,
        reply_by: new Date(replyBy),
      });
    expect((await detailOf(trader, inquiry.id)).pending_changes).toBeNull();
    const again = await sendAmendment(trader, inquiry.id);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().detail).toBe(
      'Nothing to send: the suppliers already have this version of the inquiry.',
    );
    expect(await amendmentsOf(s, trader.tenantId)).toHaveLength(2);
  });

  it('when an amendment names no reply-by, then every address keeps its own', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    const before = await recipientRows(s, inquiry.id);
    await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, edit({ vessel_name: 'MSC OSCAR II' }));
    expect((await sendAmendment(trader, inquiry.id, { message: null })).statusCode).toBe(200);
    for (const { job } of await amendmentsOf(s, trader.tenantId)) {
      const recipient = before.find((r) => r.id === job.reference)!;
      expect(job.mail.data).toMatchObject({ reply_by: recipient.reply_by.toISOString(), message: null });
    }
  });

  it('when nothing is pending (sent as it stands, a draft, or edited back), then the amendment is 409 and nothing is written', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    expect((await sendAmendment(trader, inquiry.id)).statusCode).toBe(409);
    // Edited and edited back: the suppliers have it as it stands.
    await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, edit({ etd: null }));
    expect((await detailOf(trader, inquiry.id)).pending_changes).toMatchObject({ fields: ['etd'] });
    await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, edit());
    expect((await detailOf(trader, inquiry.id)).pending_changes).toBeNull();
    expect((await sendAmendment(trader, inquiry.id)).statusCode).toBe(409);

    const draft = await createInquiry(s, trader);
    const refused = await sendAmendment(trader, draft.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await amendmentsOf(s, trader.tenantId)).toEqual([]);
    expect((await inquiryRow(inquiry.id)).revision).toBe(1);
  });

  it('when an amendment’s input is bad or the inquiry is another company’s, then 400 names each field or 404, and nothing is sent', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, edit({ vessel_name: 'MSC OSCAR II' }));
    const bad = await sendAmendment(trader, inquiry.id, { message: 'x'.repeat(2001), reply_by: 'tomorrow' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['message', 'reply_by']);
    const past = await sendAmendment(trader, inquiry.id, { reply_by: '2020-01-01T00:00:00Z' });
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'reply_by', message: 'Reply by must be in the future' }]);
    const afterEta = await sendAmendment(trader, inquiry.id, { reply_by: '2030-12-11T00:00:00Z' });
    expect(afterEta.json().errors).toEqual([
      { field: 'reply_by', message: 'Reply by must not be after the vessel’s ETA' },
    ]);
    const stranger = await signUpTrader(s.identity);
    expect((await sendAmendment(stranger, inquiry.id)).statusCode).toBe(404);
    expect(await amendmentsOf(s, trader.tenantId)).toEqual([]);
    expect((await detailOf(trader, inquiry.id)).pending_changes).toMatchObject({ fields: ['vessel_name'] });
  });

  it('until the amendment is sent, then the suppliers’ offer pages show the version they were sent; afterwards the new link shows the new one', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    const [first] = (await mailJobs(s, 'rfq-invitation')).filter((j) => j.job.tenant_id === trader.tenantId);
    const token = testSecrets.open(first!.job.mail.data.token, first!.job.to);
    await api(
      trader,
      'PUT',
      `/api/inquiries/${inquiry.id}`,
      edit({ eta: '2030-12-10T10:30:00+08:00', supplier_notes: 'Barge only.' }),
    );
    await api(trader, 'DELETE', `/api/inquiries/${inquiry.id}/products/${inquiry.lineIds[1]}`);

    const waiting = (await publicGet(s, token)).json();
    expect(waiting.inquiry).toMatchObject({
      eta: '2030-12-10T00:00:00.000Z',
      supplier_notes: null,
      amended_at: null,
    });
    expect(waiting.inquiry.products.map((p: { product_name: string }) => p.product_name)).toEqual([
      'VLSFO',
      'MGO',
    ]);

    expect((await sendAmendment(trader, inquiry.id)).statusCode).toBe(200);
    expect((await publicGet(s, token)).statusCode).toBe(410);
    const amendment = (await amendmentsOf(s, trader.tenantId)).find((a) => a.job.to === first!.job.to)!;
    const page = (await publicGet(s, testSecrets.open(amendment.job.mail.data.token, first!.job.to))).json();
    expect(page.inquiry).toMatchObject({ eta: '2030-12-10T02:30:00.000Z', supplier_notes: 'Barge only.' });
    expect(page.inquiry.products.map((p: { product_name: string }) => p.product_name)).toEqual(['VLSFO']);
  });

  it('when the inquiry goes to one more supplier while changes wait, then its invitation carries the version the others have, and the amendment reaches it too', async () => {
    const { trader, inquiry, edit, sgsin } = await sentInquiry();
    await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, edit({ eta: '2030-12-10T10:30:00+08:00' }));
    const late = await createSupplier(s, trader, 'Late Bunkers Pte', { portIds: [sgsin] });
    const sent = await distribute(s, trader, inquiry.id, { recipients: [{ supplier_id: late.id }] });
    expect(sent.statusCode, sent.body).toBe(200);
    const invitation = (await mailJobs(s, 'rfq-invitation')).find((j) => j.job.to === late.email)!;
    expect(invitation.job.mail.data.rfq.eta).toBe('2030-12-10T00:00:00.000Z');
    expect((await detailOf(trader, inquiry.id)).pending_changes).toMatchObject({ recipients: 3 });
    expect((await sendAmendment(trader, inquiry.id)).json().amended_count).toBe(3);
  });

  it('when the fuel lines of a sent inquiry are added, changed and removed, then one amendment lists every line change', async () => {
    const { trader, inquiry } = await sentInquiry();
    const [vlsfo, mgo] = inquiry.lineIds as [string, string];
    const changeLine = await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/products/${vlsfo}`, {
      product_name: 'VLSFO',
      quantity_mt_min: 500,
      quantity_mt_max: 700,
    });
    expect(changeLine.statusCode, changeLine.body).toBe(200);
    const add = await api(trader, 'POST', `/api/inquiries/${inquiry.id}/products`, {
      product_name: 'HSFO',
      quantity_mt_min: 1000,
      quantity_mt_max: 1200,
    });
    expect(add.statusCode, add.body).toBe(201);
    const remove = await api(trader, 'DELETE', `/api/inquiries/${inquiry.id}/products/${mgo}`);
    expect(remove.statusCode, remove.body).toBe(200);
    expect((await detailOf(trader, inquiry.id)).pending_changes).toMatchObject({
      fields: [],
      lines_changed: 3,
    });
    expect((await sendAmendment(trader, inquiry.id)).statusCode).toBe(200);

    const changes = (await amendmentsOf(s, trader.tenantId))
      .filter((a) => a.job.to === 'weiming@lioncity.example')
      .map((a) => a.job.mail.data.changes);
    expect(changes).toEqual([
      [
        { label: 'VLSFO quantity', before: '500–600.5 MT', after: '500–700 MT' },
        { label: 'MGO line', before: '50–80 MT (ISO8217:2024)', after: 'Removed' },
        { label: 'HSFO line', before: 'Not requested', after: '1000–1200 MT (ISO8217:2017)' },
      ],
    ]);
    expect((await inquiryRow(inquiry.id)).revision).toBe(2);
  });

  it('when a sent inquiry changes only what suppliers never see (agent, internal notes), then nothing is pending', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    const res = await api(
      trader,
      'PUT',
      `/api/inquiries/${inquiry.id}`,
      edit({ agent_name: 'Another Agency', commentary: 'Customer prefers Lion City.' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await detailOf(trader, inquiry.id)).pending_changes).toBeNull();
    expect((await sendAmendment(trader, inquiry.id)).statusCode).toBe(409);
    expect(await amendmentsOf(s, trader.tenantId)).toEqual([]);
    expect((await inquiryRow(inquiry.id)).revision).toBe(1);
  });

  it('when a draft inquiry is edited, then it changes silently', async () => {
    const trader = await signUpTrader(s.identity);
    const sgsin = await portOf(s, trader);
    const inquiry = await createInquiry(s, trader);
    const customerId = (await inquiryRow(inquiry.id)).customer_id!;
    const { products: _products, ...fields } = newInquiry(customerId, sgsin);
    const res = await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, {
      ...fields,
      eta: '2030-12-09T08:00:00+08:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await amendmentsOf(s, trader.tenantId)).toEqual([]);
    const row = await inquiryRow(inquiry.id);
    expect(row).toMatchObject({ revision: 1, amended_at: null, status: 'draft' });
    expect((await detailOf(trader, inquiry.id)).pending_changes).toBeNull();
  });

  it('when a sent inquiry is cancelled, then each recipient gets a cancel notice that leaves its delivery status alone', async () => {
    const { trader, inquiry } = await sentInquiry();
    const recipients = await recipientRows(s, inquiry.id);
    const res = await api(trader, 'POST', `/api/inquiries/${inquiry.id}/cancel`, {
      reason: 'Vessel diverted',
    });
    expect(res.statusCode, res.body).toBe(200);
    const notices = (await mailJobs(s, 'rfq-cancelled')).filter((j) => j.job.tenant_id === trader.tenantId);
    expect(notices.map((n) => n.job.reference).sort()).toEqual(
      recipients.map((r) => `notice:${r.id}`).sort(),
    );
    for (const r of recipients)
      expect(notices.find((n) => n.job.to === r.email)!.job).toMatchObject({
        to_name: r.contact_name ?? r.supplier_name,
        reply_to: trader.email,
        mail: {
          template: 'rfq-cancelled',
          data: {
            supplier_name: r.supplier_name,
            reason: 'Vessel diverted',
            rfq: { vessel_name: 'MSC OSCAR' },
          },
        },
      });
    expect((await inquiryRow(inquiry.id)).status).toBe('cancelled');
  });

  it('when a sent inquiry is amended twice and cancelled, then each of those mails replies to the recipient’s invitation and names the trader as sender', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    const recipients = await recipientRows(s, inquiry.id);
    const invitations = (await mailJobs(s, 'rfq-invitation')).filter(
      (j) => j.job.tenant_id === trader.tenantId,
    );
    const invitationOf = (recipientId: string) =>
      invitations.find((j) => j.job.reference === recipientId)!.id;
    for (const eta of ['2030-12-10T10:30:00+08:00', '2030-12-10T11:30:00+08:00']) {
      expect((await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, edit({ eta }))).statusCode).toBe(200);
      expect((await sendAmendment(trader, inquiry.id)).statusCode).toBe(200);
    }
    expect(
      (await api(trader, 'POST', `/api/inquiries/${inquiry.id}/cancel`, { reason: null })).statusCode,
    ).toBe(200);

    const amendments = await amendmentsOf(s, trader.tenantId);
    const notices = (await mailJobs(s, 'rfq-cancelled')).filter((j) => j.job.tenant_id === trader.tenantId);
    expect(amendments).toHaveLength(2 * recipients.length);
    for (const r of recipients) {
      const later = [
        ...amendments.filter((a) => a.job.reference === r.id),
        ...notices.filter((n) => n.job.reference === `notice:${r.id}`),
      ];
      expect(later).toHaveLength(3);
      for (const { job } of later)
        expect(job).toMatchObject({
          thread_job_id: invitationOf(r.id),
          sender: { name: 'Maria Jensen', company: expect.any(String) },
        });
    }
    // The row follows the latest mail's delivery; its thread stays with the invitation.
    for (const r of await recipientRows(s, inquiry.id)) {
      expect(r.thread_job_id).toBe(invitationOf(r.id));
      expect(r.mail_job_id).not.toBe(r.thread_job_id);
    }
    // An invitation starts a thread: it replies to nothing.
    for (const { job } of invitations) expect(job.thread_job_id).toBeNull();
  });

  it('when a draft is cancelled, then no supplier is told', async () => {
    const trader = await signUpTrader(s.identity);
    const inquiry = await createInquiry(s, trader);
    const res = await api(trader, 'POST', `/api/inquiries/${inquiry.id}/cancel`, { reason: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailJobs(s, 'rfq-cancelled')).filter((j) => j.job.tenant_id === trader.tenantId)).toEqual(
      [],
    );
  });
});
