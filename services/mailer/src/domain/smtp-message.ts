import type { SendMailOptions } from 'nodemailer';
import type { MailSendJob } from '@mfd/contracts';
import type { RenderedMail } from '../templates';
import { fromHeader } from './from-header';
import type { MailRefs, RefDomains } from './mail-refs';
import { qpPart } from './qp-body';
import { mailFromDomain } from './sending-domain';

/** The same Message-ID for every copy of a job's mail: `<job-id@domain of MAIL_FROM>`. */
export function messageIdFor(jobId: string, mailFrom: string): string {
  return `<${jobId}@${mailFromDomain(mailFrom) || 'localhost'}>`;
}

/** Where answers to a mail come back, when the mailer takes them (signed addresses, see mail-refs.ts). */
export interface ReturnAddresses {
  /** The envelope sender (Return-Path): bounces come back to it. */
  bounce?: string | undefined;
  /** The Reply-To of a supplier mail, in place of the trader's address (which stays in the signature). */
  reply?: string | undefined;
}

/**
 * A message's signed return addresses: every mail's bounces come back when there is a bounce
 * domain; replies only to a mail that says whose they are (`reply_route`), when there is a reply domain.
 */
export function returnAddresses(
  refs: MailRefs | null,
  domains: RefDomains,
  messageId: string,
  job: Pick<MailSendJob, 'reply_route'>,
): ReturnAddresses {
  if (!refs) return {};
  return {
    bounce: domains.bounce && refs.address('bounce', messageId, domains.bounce),
    reply: job.reply_route && domains.reply ? refs.address('reply', messageId, domains.reply) : undefined,
  };
}

/**
 * What nodemailer is given for a job's rendered mail. The text parts go as they were encoded
 * (`RenderedMail.qp`): quoted-printable, which is what nodemailer would pick for our mails
 * (English templates: far more Latin letters than anything else), without scanning each copy's
 * HTML and text to find that out nor encoding them again. Every mail is marked as sent by a
 * machine (RFC 3834), so out-of-office replies skip it; a mail about an inquiry a recipient was
 * invited to replies to that invitation's Message-ID, so its mail program shows one thread.
 */
export function smtpMessage(
  job: Pick<MailSendJob, 'to' | 'to_name' | 'reply_to' | 'cc' | 'sender' | 'thread_job_id'>,
  jobId: string,
  mail: RenderedMail,
  mailFrom: string,
  returns: ReturnAddresses = {},
): SendMailOptions {
  const thread = job.thread_job_id ? messageIdFor(job.thread_job_id, mailFrom) : undefined;
  return {
    from: fromHeader(mailFrom, job.sender),
    to: job.to_name ? { name: job.to_name, address: job.to } : job.to,
    cc: job.cc ?? undefined,
    replyTo: returns.reply ?? job.reply_to ?? undefined,
    // The envelope names every recipient once it is given: the To and the Cc copy.
    envelope: returns.bounce
      ? { from: returns.bounce, to: [job.to, ...(job.cc ? [job.cc] : [])] }
      : undefined,
    subject: mail.subject,
    html: qpPart('text/html', mail.qp.html),
    text: qpPart('text/plain', mail.qp.text),
    messageId: messageIdFor(jobId, mailFrom),
    inReplyTo: thread,
    references: thread,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-MFD-Job-Id': jobId },
  };
}
