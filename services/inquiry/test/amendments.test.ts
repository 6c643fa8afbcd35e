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
import { createInquiry, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

describe('amendments and cancel notices to the suppliers an inquiry went to', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  const api = (user: Caller, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
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

  const amendmentsOf = async (s2: Stack, tenantId: string) =>
    (await mailJobs(s2, 'rfq-amendment')).filter((j) => j.job.tenant_id === tenantId);

  it('when a sent inquiry’s ETA moves, then its revision goes up and each recipient gets an amendment with the change and a new link', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    const before = await recipientRows(s, inquiry.id);
    await s.inquiry.deps.database.db
      .updateTable('inquiry_recipients')
      .set({ mail_status: 'sent', mail_attempts: 1 })
      .where('inquiry_id', '=', inquiry.id)
      .execute();

    const res = await api(
      trader,
      'PUT',
      `/api/inquiries/${inquiry.id}`,
      edit({ eta: '2030-12-10T10:30:00+08:00' }),
    );
    expect(res.statusCode, res.body).toBe(200);

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
        mail: {
          template: 'rfq-amendment',
          data: {
            supplier_name: recipient.supplier_name,
            reply_by: recipient.reply_by.toISOString(),
            rfq: { eta: '2030-12-10T02:30:00.000Z' },
            changes: [
              {
                label: 'ETA',
                before: '10 Dec 2030 08:00 local (UTC+08:00) / 10 Dec 2030 00:00 UTC',
                after: '10 Dec 2030 10:30 local (UTC+08:00) / 10 Dec 2030 02:30 UTC',
              },
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
    // The row follows the amendment's delivery from now on.
    for (const r of await recipientRows(s, inquiry.id))
      expect(r).toMatchObject({ mail_status: 'queued', mail_attempts: 0, send_count: 1 });
  });

  it('when the fuel lines of a sent inquiry are added, changed and removed, then each edit sends its own amendment', async () => {
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

    const changes = (await amendmentsOf(s, trader.tenantId))
      .filter((a) => a.job.to === 'weiming@lioncity.example')
      .map((a) => a.job.mail.data.changes);
    expect(changes).toEqual([
      [{ label: 'VLSFO quantity', before: '500–600.5 MT', after: '500–700 MT' }],
      [{ label: 'HSFO line', before: 'Not requested', after: '1000–1200 MT (ISO8217:2017)' }],
      [{ label: 'MGO line', before: '50–80 MT (ISO8217:2024)', after: 'Removed' }],
    ]);
    expect((await inquiryRow(inquiry.id)).revision).toBe(4);
  });

  it('when a sent inquiry changes only what suppliers never see (agent, notes), then no amendment goes out', async () => {
    const { trader, inquiry, edit } = await sentInquiry();
    const res = await api(
      trader,
      'PUT',
      `/api/inquiries/${inquiry.id}`,
      edit({ agent_name: 'Another Agency', commentary: 'Customer prefers Lion City.' }),
    );
    expect(res.statusCode, res.body).toBe(200);
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
    for (const eta of ['2030-12-10T10:30:00+08:00', '2030-12-10T11:30:00+08:00'])
      expect((await api(trader, 'PUT', `/api/inquiries/${inquiry.id}`, edit({ eta }))).statusCode).toBe(200);
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
