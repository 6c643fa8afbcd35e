import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { messageIdFor, smtpMessage } from './smtp-message';

/** The message as it would go over SMTP, built by nodemailer without a server. */
async function wire(options: nodemailer.SendMailOptions): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(options);
  return (info.message as Buffer).toString();
}

describe('the message handed to nodemailer', () => {
  const job = {
    to: 'sales@supplier.example',
    to_name: 'Σίσυφος Bunkers 海運',
    reply_to: 'trader@broker.example',
  };

  it('when a mail is built, then it carries the job-derived Message-ID, the job header and the addresses', async () => {
    const raw = await wire(
      smtpMessage(
        job,
        'job-1',
        { subject: 'RFQ', html: '<p>Hello</p>', text: 'Hello' },
        'MFD <mail@mfd.example>',
      ),
    );
    const parsed = await simpleParser(raw);
    expect(parsed.messageId).toBe(messageIdFor('job-1', 'MFD <mail@mfd.example>'));
    expect(parsed.messageId).toBe('<job-1@mfd.example>');
    expect(parsed.headers.get('x-mfd-job-id')).toBe('job-1');
    expect(parsed.replyTo?.text).toBe('trader@broker.example');
    expect(parsed.to).toMatchObject({ value: [{ name: job.to_name, address: job.to }] });
  });

  it('when the text is mostly not Latin, then it still goes quoted-printable and arrives unchanged', async () => {
    const greek = 'Προσφορά καυσίμων για το πλοίο στον λιμένα Πειραιά. '.repeat(40);
    const html = `<p>${greek}</p>`;
    const raw = await wire(
      smtpMessage(job, 'job-2', { subject: 'RFQ', html, text: greek }, 'mail@mfd.example'),
    );
    expect(raw).toMatch(/Content-Transfer-Encoding: quoted-printable/);
    expect(raw).not.toMatch(/Content-Transfer-Encoding: base64/);
    // No line over SMTP's limit, whatever the content.
    expect(Math.max(...raw.split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(78);
    const parsed = await simpleParser(raw);
    expect(parsed.text?.trim()).toBe(greek.trim());
    expect(parsed.html).toContain(greek.trim());
  });
});
