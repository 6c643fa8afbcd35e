import { UnrecoverableError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import {
  isFinalMailStatus,
  MAIL_STATUS_QUEUES,
  type MailSendJob,
  type MailStatusEvent,
} from '@mfd/contracts';
import { jobRequestId, writeOutbox, type Logger, type MailSecrets } from '@mfd/queue';
import type { Transporter } from 'nodemailer';
import type { MailerConfig } from '../config';
import type { MailerDB } from '../data/db';
import { replyFiles } from '../data/inbound.repository';
import {
  findMessageByJob,
  reopenFailedMessage,
  renewLease,
  type MessageWriter,
  type StatusReport,
} from '../data/messages.repository';
import type { MailRefs } from '../domain/mail-refs';
import { messageIdFor, returnAddresses, smtpMessage } from '../domain/smtp-message';
import { openSecrets } from '../domain/open-secrets';
import { describeSmtpFailure, isPermanentSmtpFailure, mayHaveBeenDelivered } from '../domain/smtp-errors';
import type { MailMetrics } from '../metrics';
import { renderMail } from '../templates';

export interface SendMailContext {
  db: Kysely<MailerDB>;
  /** The statements every mail runs (`messageWriter` on the same database). */
  messages: MessageWriter;
  transport: Transporter;
  config: MailerConfig;
  metrics: MailMetrics;
  secrets: MailSecrets;
  /** Signs the bounce and reply addresses; null when the mailer takes neither. */
  refs: MailRefs | null;
  /** Called after a status event was written to the outbox. */
  outboxWritten: () => void;
  logger: Logger;
}

/** Why a mail whose one-time link stopped working before it could go out was not sent. */
export const LINK_EXPIRED = 'link expired';

/** Thrown while another worker holds the message; BullMQ retries the job after its backoff. */
export class MessageBusyError extends Error {}

/** The producer hears every change; a final status confirms its outbox row. */
function statusReport(
  job: MailSendJob,
  event: Omit<MailStatusEvent, 'type' | 'to' | 'template' | 'reference' | 'at'>,
): StatusReport {
  return {
    queue: MAIL_STATUS_QUEUES[job.source],
    event: {
      type: 'mail.status',
      to: job.to,
      template: job.mail.template,
      reference: job.reference ?? null,
      at: new Date().toISOString(),
      ...event,
    },
  };
}

/**
 * Sends one mail.send job: record, claim, render, send, record the outcome. Every copy carries
 * the Message-ID made from the job id, so a resend after a crash is the same mail to the
 * receiver. A job whose message is already final (a redelivery) sends nothing and reports the
 * outcome again, for a producer whose confirmation was lost; a 5xx reply fails it for good; any
 * other failure is retried by BullMQ with the job's backoff until its last attempt.
 */
export async function sendMail(ctx: SendMailContext, job: Job, payload: MailSendJob): Promise<void> {
  const jobId = String(job.id);
  const smtpMessageId = messageIdFor(jobId, ctx.config.MAIL_FROM);
  const lease = ctx.config.SEND_LEASE_SECONDS;
  // Every log line of the message names the request that caused it.
  const trace = { job_id: jobId, template: payload.mail.template, request_id: jobRequestId(job) };
  // A job taken again may be one an operator retried after it failed for good (the queue board):
  // its message gets one more try. On BullMQ's own retries the message is not `failed`, so nothing changes.
  if (job.attemptsMade > 0) await reopenFailedMessage(ctx.db, jobId);
  const claimed = await ctx.messages.takeMessage(
    {
      job_id: jobId,
      source: payload.source,
      template: payload.mail.template,
      recipient: payload.to,
      reference: payload.reference ?? null,
      tenant_id: payload.tenant_id ?? null,
      reply_route: payload.reply_route ?? null,
    },
    lease,
  );
  if (!claimed) {
    const current = await findMessageByJob(ctx.db, jobId);
    if (current && isFinalMailStatus(current.status)) {
      const report = statusReport(payload, {
        job_id: jobId,
        status: current.status,
        attempts: current.attempts,
        error: current.last_error,
        smtp_message_id: current.smtp_message_id,
      });
      await writeOutbox(ctx.db, report.queue, report.event);
      ctx.outboxWritten();
      return;
    }
    throw new MessageBusyError(`message of job ${jobId} is being sent by another worker`);
  }
  if (payload.link_expires_at && Date.parse(payload.link_expires_at) <= Date.now()) {
    const status = claimed.maybe_delivered ? 'sent_unconfirmed' : 'failed';
    await ctx.messages.markUnsent(
      claimed.id,
      { status, error: LINK_EXPIRED, subject: null, maybeDelivered: claimed.maybe_delivered },
      statusReport(payload, { job_id: jobId, status, attempts: claimed.attempts, error: LINK_EXPIRED }),
    );
    ctx.metrics.failed.inc();
    ctx.outboxWritten();
    ctx.logger.warn({ ...trace, status }, 'mail not sent: its link has expired');
    throw new UnrecoverableError(LINK_EXPIRED);
  }

  const renewal = setInterval(
    () => {
      renewLease(ctx.db, claimed.id, lease).catch(() => undefined);
    },
    (lease * 1000) / 3,
  );
  let subject: string | null = null;
  let accepted = false;
  try {
    const mail = await renderMail(openSecrets(payload.mail, payload.to, ctx.secrets), {
      appUrl: ctx.config.APP_PUBLIC_URL,
      signature: payload.signature ?? null,
      sender: payload.sender ?? null,
    });
    subject = mail.subject;
    const returns = returnAddresses(
      ctx.refs,
      { bounce: ctx.config.BOUNCE_DOMAIN, reply: ctx.config.REPLY_DOMAIN },
      claimed.id,
      payload,
    );
    // A forwarded reply carries the supplier's files, which only the mailer holds.
    const files = payload.attach_reply_files
      ? await replyFiles(ctx.db, payload.attach_reply_files, payload.tenant_id ?? null)
      : [];
    await ctx.transport.sendMail({
      ...smtpMessage(payload, jobId, mail, ctx.config.MAIL_FROM, returns),
      attachments: [
        ...files.map((f) => ({
          filename: f.filename,
          contentType: f.content_type,
          content: f.content,
        })),
        // Files the producer made for this mail (a stem's confirmation), carried in the job.
        ...(payload.attachments ?? []).map((f) => ({
          filename: f.filename,
          contentType: f.content_type,
          content: Buffer.from(f.content_base64, 'base64'),
        })),
      ],
    });
    accepted = true;
    clearInterval(renewal);
    await ctx.messages.markSent(
      claimed.id,
      { subject: mail.subject, smtpMessageId },
      statusReport(payload, {
        job_id: jobId,
        status: 'sent',
        attempts: claimed.attempts,
        smtp_message_id: smtpMessageId,
      }),
    );
    ctx.metrics.sent.inc();
    ctx.outboxWritten();
    ctx.logger.info({ ...trace, attempts: claimed.attempts }, 'mail sent');
  } catch (err) {
    clearInterval(renewal);
    // The server took the mail but its record could not be written: it is not a failed send. The
    // message stays `sending`; once its lease runs out the next attempt knows it may have gone out.
    if (accepted) throw err;
    const permanent = isPermanentSmtpFailure(err);
    const last = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const maybeDelivered = claimed.maybe_delivered || mayHaveBeenDelivered(err);
    const status = !last ? 'retrying' : maybeDelivered ? 'sent_unconfirmed' : 'failed';
    const error = describeSmtpFailure(err);
    await ctx.messages.markUnsent(
      claimed.id,
      { status, error, subject, maybeDelivered },
      statusReport(payload, { job_id: jobId, status, attempts: claimed.attempts, error }),
    );
    (last ? ctx.metrics.failed : ctx.metrics.retries).inc();
    ctx.outboxWritten();
    ctx.logger.warn({ ...trace, status, attempts: claimed.attempts, error }, 'mail not sent');
    if (permanent) throw new UnrecoverableError(error);
    throw err;
  }
}
