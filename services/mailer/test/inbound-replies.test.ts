import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerReplyReceivedEvent, type MailerReplyReceivedEvent } from '@mfd/contracts';
import { startMailer, type MailerHarness } from './harness';
import { deliver, INBOUND_ENV, inquiryEvents, sendSupplierMail } from './inbound-fixtures';

const replyEvents = async (m: MailerHarness) =>
  (await inquiryEvents(m)).filter((e): e is MailerReplyReceivedEvent => e.type === 'mailer.reply-received');

describe("a supplier's reply lands with the inquiry recipient its mail went to", () => {
  let m: MailerHarness;
  let port: number;
  beforeAll(async () => {
    m = await startMailer(INBOUND_ENV);
    port = m.inbound!.port;
  });
  afterAll(() => m.close());

  it('when a supplier replies with text, HTML and an attachment, then the reply is stored (HTML made safe) and the inquiry service is handed it with the right ids', async () => {
    const sent = await sendSupplierMail(m);
    const pdf = Buffer.from('%PDF-1.4 terms and conditions');
    const messageId = `<${randomUUID()}@supplier.example>`;
    await deliver(port, {
      from: 'Anna Berg <anna@supplier.example>',
      to: sent.replyAddress,
      subject: 'Re: RFQ',
      messageId,
      text: 'Can do 598 for VLSFO, MGO not available.',
      html: '<p onclick="x()">Can do <b>598</b> for VLSFO</p><script>alert(1)</script>',
      attachments: [{ filename: 'terms.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    // The listener answered 250 only after storing: the reply is there without waiting.
    const reply = await m.deps.database.db
      .selectFrom('replies')
      .selectAll()
      .where('message_id', '=', sent.row.id)
      .executeTakeFirstOrThrow();
    expect(reply).toMatchObject({
      ...sent.route,
      from_address: 'anna@supplier.example',
      from_name: 'Anna Berg',
      subject: 'Re: RFQ',
      header_message_id: messageId,
      auto_submitted: false,
    });
    expect(reply.text.trim()).toBe('Can do 598 for VLSFO, MGO not available.');
    expect(reply.html).toBe('<p>Can do <b>598</b> for VLSFO</p>');
    const [attachment] = await m.deps.database.db
      .selectFrom('reply_attachments')
      .selectAll()
      .where('reply_id', '=', reply.id)
      .execute();
    expect(attachment).toMatchObject({
      filename: 'terms.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
    });
    expect(attachment!.content.equals(pdf)).toBe(true);

    const events = (await replyEvents(m)).filter((e) => e.reply_id === reply.id);
    expect(events).toHaveLength(1);
    expect(mailerReplyReceivedEvent.parse(events[0])).toMatchObject({
      ...sent.route,
      job_id: sent.jobId,
      from: { address: 'anna@supplier.example', name: 'Anna Berg' },
      subject: 'Re: RFQ',
      has_html: true,
      text_truncated: false,
      attachments: [
        { id: attachment!.id, filename: 'terms.pdf', content_type: 'application/pdf', size: pdf.length },
      ],
    });
  });

  it('when the sending server delivers the same reply again (no answer came), then it is stored and handed over once', async () => {
    const sent = await sendSupplierMail(m);
    const mail = {
      from: 'anna@supplier.example',
      to: sent.replyAddress,
      subject: 'Re: RFQ',
      messageId: `<${randomUUID()}@supplier.example>`,
      text: 'Firm for 2 hours.',
    };
    await deliver(port, mail);
    await deliver(port, mail);
    const replies = await m.deps.database.db
      .selectFrom('replies')
      .select('id')
      .where('message_id', '=', sent.row.id)
      .execute();
    expect(replies).toHaveLength(1);
    expect((await replyEvents(m)).filter((e) => e.job_id === sent.jobId)).toHaveLength(1);
  });

  it('when an out-of-office answer arrives, then it is stored and marked as sent by a machine', async () => {
    const sent = await sendSupplierMail(m);
    await deliver(port, {
      from: 'anna@supplier.example',
      to: sent.replyAddress,
      subject: 'Out of office',
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: 'Back on Monday.',
    });
    const [event] = (await replyEvents(m)).filter((e) => e.job_id === sent.jobId);
    expect(event).toMatchObject({ auto_submitted: true, has_html: false });
  });
});
