import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailStatusEvent } from '@mfd/contracts';
import { startMailer, type MailerHarness } from './harness';
import {
  BOUNCE_DOMAIN,
  deliver,
  deliveryReport,
  directoryEvents,
  findMessage,
  INBOUND_ENV,
  inquiryEvents,
  REPLY_DOMAIN,
  sendSupplierMail,
} from './inbound-fixtures';

const statusEventsOf = async (m: MailerHarness, jobId: string) =>
  (await inquiryEvents(m)).filter(
    (e): e is MailStatusEvent => e.type === 'mail.status' && e.job_id === jobId,
  );

describe('bounces come back to the message that bounced (VERP)', () => {
  let m: MailerHarness;
  let port: number;
  beforeAll(async () => {
    m = await startMailer(INBOUND_ENV);
    port = m.inbound!.port;
  });
  afterAll(() => m.close());
  beforeEach(() => m.sink.clear());

  it('when a supplier mail is sent, then its envelope sender is its own signed bounce address and replies go to its signed reply address', async () => {
    const sent = await sendSupplierMail(m);
    expect(sent.bounceAddress).toMatch(new RegExp(`^b-[a-z2-7]{45}@${BOUNCE_DOMAIN.replace(/\./g, '\\.')}$`));
    expect(sent.replyAddress).toMatch(new RegExp(`^r-[a-z2-7]{45}@${REPLY_DOMAIN.replace(/\./g, '\\.')}$`));
    // The trader is still named in the mail; only Reply-To leads to the platform.
    expect(sent.mail.raw.toString()).not.toContain('Reply-To: trader@broker.example');
    const other = await sendSupplierMail(m);
    expect(other.bounceAddress).not.toBe(sent.bounceAddress);
  });

  it('when a mail has a Cc for the trader, then the copy goes to the trader in the same envelope', async () => {
    const sent = await sendSupplierMail(m, { cc: 'trader@broker.example' });
    expect(sent.mail.envelopeTo).toEqual([sent.to, 'trader@broker.example']);
    expect(sent.mail.headers.get('cc')).toMatchObject({ text: 'trader@broker.example' });
  });

  it('when a mail without a reply route is sent, then bounces still come back but Reply-To stays as the job says', async () => {
    const { payload, jobId } = await m.send({ reply_to: 'trader@broker.example' });
    await m.settled(jobId);
    const mail = await m.sink.waitFor((r) => r.to.includes(payload.to));
    expect(mail.envelopeFrom).toMatch(/^b-/);
    expect(mail.headers.get('reply-to')).toMatchObject({ text: 'trader@broker.example' });
  });

  it('when a delivery report says the address is unknown, then the message is bounced with its code and answer, the producer hears it and the directory is told', async () => {
    const sent = await sendSupplierMail(m);
    await deliver(port, {
      envelope: { from: '', to: [sent.bounceAddress] },
      raw: deliveryReport(sent.bounceAddress, sent.to),
    });
    const row = await findMessage(m, sent.jobId);
    expect(row).toMatchObject({
      status: 'bounced',
      bounce_status: '5.1.1',
      last_error: '550 5.1.1 user unknown',
    });
    expect(row.bounced_at).not.toBeNull();
    const [, bounced] = await statusEventsOf(m, sent.jobId);
    expect(bounced).toMatchObject({
      status: 'bounced',
      reference: sent.route.recipient_id,
      error: '550 5.1.1 user unknown',
      to: sent.to,
    });
    expect(
      (await directoryEvents(m)).filter((e) => e.type === 'mailer.address-bounced' && e.email === sent.to),
    ).toEqual([
      expect.objectContaining({
        tenant_id: sent.route.tenant_id,
        status: '5.1.1',
        diagnostic: '550 5.1.1 user unknown',
      }),
    ]);
  });

  it('when the same bounce is delivered twice, then the producer hears it once', async () => {
    const sent = await sendSupplierMail(m);
    const report = deliveryReport(sent.bounceAddress, sent.to);
    await deliver(port, { envelope: { from: '', to: [sent.bounceAddress] }, raw: report });
    await deliver(port, { envelope: { from: '', to: [sent.bounceAddress] }, raw: report });
    expect((await statusEventsOf(m, sent.jobId)).map((e) => e.status)).toEqual(['sent', 'bounced']);
  });

  it('when a report only says the mail is delayed, then nothing changes', async () => {
    const sent = await sendSupplierMail(m);
    await deliver(port, {
      envelope: { from: '', to: [sent.bounceAddress] },
      raw: deliveryReport(sent.bounceAddress, sent.to, {
        action: 'delayed',
        status: '4.4.1',
        diagnostic: null,
      }),
    });
    expect(await findMessage(m, sent.jobId)).toMatchObject({ status: 'sent', bounced_at: null });
  });

  it('when the mail is refused as spam (5.7.1), then it is bounced but the address is not flagged', async () => {
    const sent = await sendSupplierMail(m);
    await deliver(port, {
      envelope: { from: '', to: [sent.bounceAddress] },
      raw: deliveryReport(sent.bounceAddress, sent.to, {
        status: '5.7.1',
        diagnostic: '550 5.7.1 Message rejected as spam',
      }),
    });
    expect(await findMessage(m, sent.jobId)).toMatchObject({
      status: 'bounced',
      last_error: '550 5.7.1 Message rejected as spam',
    });
    expect(
      (await directoryEvents(m)).some((e) => e.type === 'mailer.address-bounced' && e.email === sent.to),
    ).toBe(false);
  });

  it('when the report is about the Cc copy, then the supplier mail stays sent', async () => {
    const sent = await sendSupplierMail(m, { cc: 'trader@broker.example' });
    await deliver(port, {
      envelope: { from: '', to: [sent.bounceAddress] },
      raw: deliveryReport(sent.bounceAddress, 'trader@broker.example'),
    });
    expect(await findMessage(m, sent.jobId)).toMatchObject({ status: 'sent' });
  });

  it('when a server bounces in plain text with the code in it, then the message is bounced', async () => {
    const sent = await sendSupplierMail(m);
    await deliver(port, {
      envelope: { from: '', to: [sent.bounceAddress] },
      from: 'MAILER-DAEMON@mx.supplier.example',
      to: sent.bounceAddress,
      subject: 'failure notice',
      text: `Hi. This is the qmail-send program.\n\n<${sent.to}>:\nSorry, no mailbox here by that name. (#5.1.1)\n`,
    });
    expect(await findMessage(m, sent.jobId)).toMatchObject({
      status: 'bounced',
      last_error: 'Sorry, no mailbox here by that name. (#5.1.1)',
    });
  });

  it('when a bounce comes for a password-reset mail, then identity hears it and the directory is not told', async () => {
    const { payload, jobId } = await m.send();
    await m.settled(jobId);
    const mail = await m.sink.waitFor((r) => r.to.includes(payload.to));
    await deliver(port, {
      envelope: { from: '', to: [mail.envelopeFrom] },
      raw: deliveryReport(mail.envelopeFrom, payload.to),
    });
    expect(await findMessage(m, jobId)).toMatchObject({ status: 'bounced' });
    expect(
      (await directoryEvents(m)).some((e) => e.type === 'mailer.address-bounced' && e.email === payload.to),
    ).toBe(false);
  });
});
