import type { SendMailOptions } from 'nodemailer';
import type { MailSendJob } from '@mfd/contracts';
import type { RenderedMail } from '../templates';
import { fromHeader } from './from-header';
import { mailFromDomain } from './sending-domain';

/** The same Message-ID for every copy of a job's mail: `<job-id@domain of MAIL_FROM>`. */
export function messageIdFor(jobId: string, mailFrom: string): string {
  return `<${jobId}@${mailFromDomain(mailFrom) || 'localhost'}>`;
}

/**
 * What nodemailer is given for a job's rendered mail. The text parts are quoted-printable, which
 * is what nodemailer would pick for our mails (English templates: far more Latin letters than
 * anything else), without scanning each copy's HTML and text twice to find it out (a tenth of the
 * mailer's time at a distribution's pace). Every mail is marked as sent by a machine (RFC 3834),
 * so out-of-office replies skip it; a mail about an inquiry a recipient was invited to replies to
 * that invitation's Message-ID, so its mail program shows one thread.
 */
export function smtpMessage(
  job: Pick<MailSendJob, 'to' | 'to_name' | 'reply_to' | 'sender' | 'thread_job_id'>,
  jobId: string,
  mail: RenderedMail,
  mailFrom: string,
): SendMailOptions {
  const thread = job.thread_job_id ? messageIdFor(job.thread_job_id, mailFrom) : undefined;
  return {
    from: fromHeader(mailFrom, job.sender),
    to: job.to_name ? { name: job.to_name, address: job.to } : job.to,
    replyTo: job.reply_to ?? undefined,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    textEncoding: 'quoted-printable',
    messageId: messageIdFor(jobId, mailFrom),
    inReplyTo: thread,
    references: thread,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-MFD-Job-Id': jobId },
  };
}
