import { randomUUID } from 'node:crypto';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { QUEUES, type JobPayload, type MailSendJob } from '@mfd/contracts';
import type { MailerHarness } from './harness';

export const BOUNCE_DOMAIN = 'bounces.mfd.example';
export const REPLY_DOMAIN = 'replies.mfd.example';
/** The mailer's settings for a test that sends into its inbound listener. */
export const INBOUND_ENV = { INBOUND_SMTP_PORT: '0', BOUNCE_DOMAIN, REPLY_DOMAIN };

/** What another mail server does: hand a mail to the listener over SMTP (nodemailer as the remote side). */
export async function deliver(port: number, mail: SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 5000,
    socketTimeout: 30_000,
  });
  try {
    return await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

/** The SMTP reply code a delivery was refused with (undefined: it was taken). */
export async function refusalCode(port: number, mail: SendMailOptions): Promise<number | undefined> {
  try {
    await deliver(port, mail);
    return undefined;
  } catch (err) {
    return (err as { responseCode?: number }).responseCode ?? -1;
  }
}

/** A supplier mail as the inquiry service writes one: its tenant, and the recipient a reply belongs to. */
export async function sendSupplierMail(m: MailerHarness, job: Partial<MailSendJob> = {}) {
  const route = { tenant_id: randomUUID(), inquiry_id: randomUUID(), recipient_id: randomUUID() };
  const to = `sales-${randomUUID()}@supplier.example`;
  const { jobId } = await m.send({
    to,
    source: 'inquiry',
    tenant_id: route.tenant_id,
    reference: route.recipient_id,
    reply_route: route,
    reply_to: 'trader@broker.example',
    ...job,
  });
  const row = await m.settled(jobId);
  const mail = await m.sink.waitFor((r) => r.to.includes(to));
  const replyTo = String((mail.headers.get('reply-to') as { text?: string } | undefined)?.text ?? '');
  return { jobId, to, route, row, mail, bounceAddress: mail.envelopeFrom, replyAddress: replyTo };
}

export interface Report {
  action?: string;
  status?: string;
  diagnostic?: string | null;
  finalRecipient?: string;
}

/** A delivery status notification (RFC 3464) as a receiving server writes one, with the original's headers. */
export function deliveryReport(to: string, failed: string, report: Report = {}): string {
  const lines = [
    `Final-Recipient: rfc822; ${report.finalRecipient ?? failed}`,
    `Action: ${report.action ?? 'failed'}`,
    `Status: ${report.status ?? '5.1.1'}`,
  ];
  if (report.diagnostic !== null)
    lines.push(`Diagnostic-Code: smtp; ${report.diagnostic ?? '550 5.1.1 user unknown'}`);
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.supplier.example>',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <${randomUUID()}@mx.supplier.example>`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="REPORT"',
    '',
    '--REPORT',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.supplier.example. Your message could not be delivered.',
    '',
    '--REPORT',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.supplier.example',
    '',
    ...lines,
    '',
    '--REPORT',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Marine Fuel Distribution <no-reply@marinefuel.local>',
    `To: ${failed}`,
    'Subject: RFQ',
    '',
    '--REPORT--',
    '',
  ].join('\r\n');
}

/** The events the mailer wrote to its outbox for a queue, oldest first. */
export async function outboxEvents(m: MailerHarness, queue: string): Promise<JobPayload[]> {
  const rows = await m.deps.database.db
    .selectFrom('outbox')
    .select('payload')
    .where('queue', '=', queue)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.payload);
}

export const directoryEvents = (m: MailerHarness) => outboxEvents(m, QUEUES.directoryEvents);
export const inquiryEvents = (m: MailerHarness) => outboxEvents(m, QUEUES.inquiryEvents);

export function findMessage(m: MailerHarness, jobId: string) {
  return m.deps.database.db
    .selectFrom('messages')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
}
