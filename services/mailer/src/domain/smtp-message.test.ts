import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { wire } from '../../test/wire';
import { wholeBody } from '../templates/personal-slots';
import { messageIdFor, smtpMessage } from './smtp-message';

const rendered = { subject: 'RFQ', ...wholeBody({ html: '<p>Hello</p>', text: 'Hello' }) };
const PLATFORM = 'Marine Fuel Distribution <mail@mfd.example>';

describe('the message handed to nodemailer', () => {
  const job = {
    to: 'sales@supplier.example',
    to_name: 'Σίσυφος Bunkers 海運',
    reply_to: 'trader@broker.example',
  };

  it('when a mail is built, then it carries the job-derived Message-ID, the job header and the addresses', async () => {
    const raw = await wire(smtpMessage(job, 'job-1', rendered, 'MFD <mail@mfd.example>'));
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
      smtpMessage(job, 'job-2', { subject: 'RFQ', ...wholeBody({ html, text: greek }) }, 'mail@mfd.example'),
    );
    expect(raw).toMatch(/Content-Transfer-Encoding: quoted-printable/);
    expect(raw).not.toMatch(/Content-Transfer-Encoding: base64/);
    // No line over SMTP's limit, whatever the content.
    expect(Math.max(...raw.split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(78);
    const parsed = await simpleParser(raw);
    expect(parsed.text?.trim()).toBe(greek.trim());
    expect(parsed.html).toContain(greek.trim());
  });

  it('when any mail is built, then it says it was sent by a machine (Auto-Submitted), so auto-replies skip it', async () => {
    const parsed = await simpleParser(await wire(smtpMessage(job, 'job-3', rendered, PLATFORM)));
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('when a mail names the invitation it follows, then it replies to that Message-ID and references it', async () => {
    const raw = await wire(smtpMessage({ ...job, thread_job_id: 'job-invite' }, 'job-4', rendered, PLATFORM));
    const parsed = await simpleParser(raw);
    expect(parsed.inReplyTo).toBe('<job-invite@mfd.example>');
    expect(parsed.references).toBe('<job-invite@mfd.example>');
    expect(parsed.messageId).toBe('<job-4@mfd.example>');
    const alone = await simpleParser(await wire(smtpMessage(job, 'job-5', rendered, PLATFORM)));
    expect(alone.inReplyTo).toBeUndefined();
    expect(alone.references).toBeUndefined();
  });

  it('when a trader sends, then From names trader and company via the platform, at the platform address', async () => {
    const sender = { name: 'Maria Jensen', company: 'Nordic Bunkers' };
    const parsed = await simpleParser(
      await wire(smtpMessage({ ...job, sender }, 'job-6', rendered, PLATFORM)),
    );
    expect(parsed.from?.value).toEqual([
      { name: 'Maria Jensen (Nordic Bunkers) via Marine Fuel Distribution', address: 'mail@mfd.example' },
    ]);
  });

  it('when the names hold quotes, accents, other scripts or line breaks, then From arrives as typed, on one line, at the platform address', async () => {
    const sender = {
      name: 'Dave "Ace" O\'Neil',
      company: 'Ümit Petrol A.Ş. 海運\r\nBcc: victim@evil.example',
    };
    const raw = await wire(smtpMessage({ ...job, sender }, 'job-7', rendered, PLATFORM));
    const fromLines = raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]/g, ' ');
    expect(fromLines).not.toMatch(/^Bcc:/im);
    // Only ASCII on the wire: what is not is an encoded word.
    expect(/^From: [\x20-\x7e]+$/m.test(fromLines)).toBe(true);
    const parsed = await simpleParser(raw);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.from?.value).toEqual([
      {
        name: 'Dave "Ace" O\'Neil (Ümit Petrol A.Ş. 海運 Bcc: victim@evil.example) via Marine Fuel Distribution',
        address: 'mail@mfd.example',
      },
    ]);
  });

  it('when no trader is named (a password reset), then From is MAIL_FROM as configured', async () => {
    const parsed = await simpleParser(await wire(smtpMessage(job, 'job-8', rendered, PLATFORM)));
    expect(parsed.from?.value).toEqual([{ name: 'Marine Fuel Distribution', address: 'mail@mfd.example' }]);
  });
});
