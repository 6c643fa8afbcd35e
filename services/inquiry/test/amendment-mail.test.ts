import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '@mfd/testing';
import type { MailerHarness } from '../../mailer/test/harness';
import { createSupplier, distribute, portOf } from './distribution-fixtures';
import { startRfqWithMailer } from './harness';
import { createInquiry, signUpTrader } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfqWithMailer>>;

/** The RFQ stack with a mailer on its Redis prefix: supplier mails go the whole way to the SMTP sink. */
describe('notes for suppliers and one amendment per edit session, through the real mailer', () => {
  let s: Stack;
  let mailer: MailerHarness;
  beforeAll(async () => {
    s = await startRfqWithMailer();
    mailer = s.mailer;
  });
  afterAll(() => s.close());

  it('when a sent inquiry is edited twice, then no supplier gets a mail until Send amendment, which mails each one amendment listing both changes; the notes are escaped in the HTML', async () => {
    const trader = await signUpTrader(s.identity);
    const sgsin = await portOf(s, trader);
    const lion = await createSupplier(s, trader, 'Lion City Bunkering', { portIds: [sgsin] });
    const straits = await createSupplier(s, trader, 'Straits Marine Fuels', { portIds: [sgsin] });
    const { id, lineIds } = await createInquiry(s, trader, {
      supplier_notes: 'Barge <b>only</b> & no night work.',
      commentary: 'Internal: customer pays late.',
    });
    const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      s.inquiry.app.inject({ method, url, headers: bearer(trader), ...(payload ? { payload } : {}) });
    const sent = await distribute(s, trader, id, {
      recipients: [{ supplier_id: lion.id }, { supplier_id: straits.id }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const toSupplier = (m: { to: string[] }) => m.to.includes(lion.email) || m.to.includes(straits.email);
    const invitation = await mailer.sink.waitFor((m) => m.to.includes(lion.email));
    expect(invitation.html).toContain('Barge &lt;b&gt;only&lt;/b&gt; &amp; no night work.');
    expect(invitation.html).not.toContain('<b>only</b>');
    expect(invitation.text).toContain('Barge <b>only</b> & no night work.');
    expect(invitation.text + invitation.html).not.toContain('customer pays late');
    await mailer.sink.waitFor((m) => m.to.includes(straits.email));

    const detail = (await api('GET', `/api/inquiries/${id}`)).json();
    const { products: _lines, pending_changes: _pending, ...rest } = detail;
    const edit = await api('PUT', `/api/inquiries/${id}`, {
      customer_company_id: rest.customer_company_id,
      port_id: rest.port_id,
      vessel_name: rest.vessel_name,
      imo: rest.imo,
      agent_name: rest.agent_name,
      agent_email: rest.agent_email,
      eta: '2030-12-10T10:30:00+08:00',
      etb: '2030-12-10T12:00:00+08:00',
      etd: rest.etd,
      commentary: rest.commentary,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const line = await api('PUT', `/api/inquiries/${id}/products/${lineIds[0]}`, {
      product_name: 'VLSFO',
      quantity_mt_min: 500,
      quantity_mt_max: 700,
    });
    expect(line.statusCode, line.body).toBe(200);
    // The outbox is polled every 100 ms: an amendment written by the edits would have arrived by now.
    await sleep(1500);
    expect(mailer.sink.messages.filter(toSupplier)).toHaveLength(2);

    const amended = await api('POST', `/api/inquiries/${id}/amendments`, { message: 'Berth moved.' });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json()).toMatchObject({ success: true, amended_count: 2 });
    for (const supplier of [lion, straits]) {
      const mail = await mailer.sink.waitFor(
        (m) => m.to.includes(supplier.email) && /^Amended RFQ/.test(m.subject),
      );
      expect(mail.text).toContain('Berth moved.');
      expect(mail.text).toMatch(
        /ETA +10 Dec 2030 08:00 local \(UTC\+08:00\) \/ 10 Dec 2030 00:00 UTC → 10 Dec 2030 10:30 local/,
      );
      expect(mail.text).toMatch(/VLSFO quantity +500–600\.5 MT → 500–700 MT/);
    }
    await sleep(500);
    expect(mailer.sink.messages.filter((m) => toSupplier(m) && /^Amended RFQ/.test(m.subject))).toHaveLength(
      2,
    );
  });
});
