import { UnrecoverableError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { MailSendJob, MailStatusEvent } from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import type { Transporter } from 'nodemailer';
import type { MailerConfig } from '../config';
import type { MailerDB } from '../data/db';
import { claimMessage, findMessageByJob, markSent, markUnsent, recordMessage } from '../data/messages.repository';
import { describeSmtpFailure, isPermanentSmtpFailure } from '../domain/smtp-errors';
import type { MailMetrics } from '../metrics';
import { renderMail } from '../templates';

export interface SendMailContext {
  db: Kysely<MailerDB>;
  transport: Transporter;
  config: MailerConfig;
  metrics: MailMetrics;
  /** Called after a status event was written to the outbox. */
  outboxWritten: () => void;
}

/** Thrown while another worker holds the message; BullMQ retries the job after its backoff. */
export class MessageBusyError extends Error {}

async function reportStatus(
  db: Kysely<MailerDB>,
  job: MailSendJob,
  event: Omit<MailStatusEvent, 'type' | 'to' | 'template' | 'reference' | 'at'>,
): Promise<boolean> {
  if (!job.status_queue) return false;
  await writeOutbox(db, job.status_queue, {
    type: 'mail.status',
    to: job.to,
    template: job.mail.template,
    reference: job.reference ?? null,
    at: new Date().toISOString(),
    ...event,
  });
  return true;
}

/**
 * Sends one mail.send job: record, claim, render, send, record the outcome. A job whose
 * message was already sent (a redelivery) sends nothing; a 5xx reply fails it for good; any
 * other failure is retried by BullMQ with the job's backoff until its last attempt.
 */
export async function sendMail(ctx: SendMailContext, job: Job, payload: MailSendJob): Promise<void> {
  const jobId = String(job.id);
  await recordMessage(ctx.db, {
    job_id: jobId,
    source: payload.source,
    template: payload.mail.template,
    recipient: payload.to,
    reference: payload.reference ?? null,
    tenant_id: payload.tenant_id ?? null,
  });
  const claimed = await claimMessage(ctx.db, jobId, ctx.config.SEND_LEASE_SECONDS);
  if (!claimed) {
    const current = await findMessageByJob(ctx.db, jobId);
    if (current?.status === 'sent' || current?.status === 'failed') return;
    throw new MessageBusyError(`message of job ${jobId} is being sent by another worker`);
  }

  let subject: string | null = null;
  try {
    const mail = await renderMail(payload.mail, { appUrl: ctx.config.APP_PUBLIC_URL, signature: payload.signature ?? null });
    subject = mail.subject;
    const info = await ctx.transport.sendMail({
      from: ctx.config.MAIL_FROM,
      to: payload.to_name ? { name: payload.to_name, address: payload.to } : payload.to,
      replyTo: payload.reply_to ?? undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: { 'X-MFD-Job-Id': jobId },
    });
    const written = await ctx.db.transaction().execute(async (trx) => {
      await markSent(trx, claimed.id, mail.subject, info.messageId ?? null);
      return reportStatus(trx, payload, { job_id: jobId, status: 'sent', attempts: claimed.attempts, smtp_message_id: info.messageId ?? null });
    });
    ctx.metrics.sent.inc();
    if (written) ctx.outboxWritten();
  } catch (err) {
    const permanent = isPermanentSmtpFailure(err);
    const last = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const error = describeSmtpFailure(err);
    const written = await ctx.db.transaction().execute(async (trx) => {
      await markUnsent(trx, claimed.id, { status: last ? 'failed' : 'queued', error, subject });
      return reportStatus(trx, payload, { job_id: jobId, status: last ? 'failed' : 'retrying', attempts: claimed.attempts, error });
    });
    (last ? ctx.metrics.failed : ctx.metrics.retries).inc();
    if (written) ctx.outboxWritten();
    if (permanent) throw new UnrecoverableError(error);
    throw err;
  }
}
