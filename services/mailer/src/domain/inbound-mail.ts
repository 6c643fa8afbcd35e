import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import {
  MAIL_STATUS_QUEUES,
  MAX_REPLY_ATTACHMENTS,
  mailSendJob,
  QUEUES,
  type MailerReplyReceivedEvent,
} from '@mfd/contracts';
import { writeOutbox, type Logger } from '@mfd/queue';
import type { MailerDB } from '../data/db';
import {
  findAnsweredMessage,
  insertReply,
  markBounced,
  quarantineMail,
  type AnsweredMessage,
} from '../data/inbound.repository';
import {
  bounceError,
  isAddressFailure,
  readDeliveryStatus,
  readTextBounce,
  type Bounce,
} from './delivery-report';
import type { MailRefs, RefDomains, RefPurpose } from './mail-refs';
import { quarantineReason } from './quarantine-rules';
import { eventText, sanitizeReplyHtml } from './reply-content';
import { checkSpf, type DnsResolver } from './spf-check';

export interface InboundContext {
  db: Kysely<MailerDB>;
  refs: MailRefs;
  domains: RefDomains;
  resolver: DnsResolver;
  spfTimeoutMs: number;
  /** The listener's own name, as SPF's receiving MTA. */
  hostname: string;
  /** Called after events were written to the outbox. */
  outboxWritten: () => void;
  logger: Logger;
}

/** One mail as the listener received it: the bytes and the SMTP transaction around them. */
export interface InboundMail {
  raw: Buffer;
  /** MAIL FROM; null for the empty sender of a bounce. */
  envelopeFrom: string | null;
  /** The RCPT TO addresses the listener accepted (each one of ours, with a valid ref). */
  recipients: string[];
  remoteAddress: string;
  helo: string | null;
}

export type InboundOutcome =
  { kind: 'quarantined'; reason: string } | { kind: 'taken'; bounced: number; replies: number };

/** A mail the listener refuses with this SMTP code after its data (nothing of it is stored). */
export class InboundRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

const addressCount = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).reduce((n, a) => n + a.value.length, 0);

/** A delivery status notification (RFC 3464's multipart/report; RFC 6533's global form too). */
function isDeliveryReport(parsed: ParsedMail): boolean {
  const type = parsed.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  return (
    type?.value?.toLowerCase() === 'multipart/report' &&
    /^(global-)?delivery-status$/i.test(type.params?.['report-type'] ?? '')
  );
}

/**
 * What a mail to this address says of its message's delivery: a report's failed recipient (a
 * report of a delay is none), or a plain-text bounce on the bounce address. Null: not a bounce.
 */
function bounceOf(parsed: ParsedMail, purpose: RefPurpose): Bounce | null {
  if (isDeliveryReport(parsed)) {
    // mailparser gives a delivery-status part as text; the global form stays an attachment.
    const parts = parsed.attachments
      .filter((a) => /^message\/(global-)?delivery-status$/i.test(a.contentType))
      .map((a) => a.content.toString('utf8'));
    return readDeliveryStatus([parsed.text ?? '', ...parts].join('\n\n'));
  }
  return purpose === 'bounce' ? readTextBounce(parsed.text ?? '') : null;
}

async function applyBounce(
  trx: Kysely<MailerDB>,
  message: AnsweredMessage,
  bounce: Bounce,
): Promise<boolean> {
  // A report may be about another recipient of the transaction (the trader's Cc copy).
  if (bounce.recipient && bounce.recipient.toLowerCase() !== message.recipient.toLowerCase()) return false;
  const error = bounceError(bounce);
  if (!(await markBounced(trx, message.id, { status: bounce.status, error }))) return false;
  const at = new Date().toISOString();
  const source = mailSendJob.shape.source.parse(message.source);
  await writeOutbox(trx, MAIL_STATUS_QUEUES[source], {
    type: 'mail.status',
    job_id: message.job_id,
    reference: message.reference,
    to: message.recipient,
    template: message.template,
    status: 'bounced',
    attempts: message.attempts,
    error,
    smtp_message_id: message.smtp_message_id,
    at,
  });
  if (isAddressFailure(bounce) && message.tenant_id)
    await writeOutbox(trx, QUEUES.directoryEvents, {
      type: 'mailer.address-bounced',
      tenant_id: message.tenant_id,
      email: message.recipient,
      status: bounce.status,
      diagnostic: bounce.diagnostic,
      at,
    });
  return true;
}

async function storeReply(
  trx: Kysely<MailerDB>,
  message: AnsweredMessage,
  parsed: ParsedMail,
  envelopeFrom: string | null,
): Promise<boolean> {
  const { reply_tenant_id: tenantId, reply_inquiry_id: inquiryId, reply_recipient_id: recipientId } = message;
  // The listener took the address only for a message with a route; a row changed since is left alone.
  if (!tenantId || !inquiryId || !recipientId) return false;
  const sender = parsed.from?.value[0];
  const text = parsed.text ?? '';
  const attachments = parsed.attachments.map((a) => ({
    id: randomUUID(),
    filename: (a.filename ?? 'attachment').slice(0, 255),
    content_type: a.contentType.slice(0, 255),
    size: a.content.length,
    content: a.content,
  }));
  const reply = {
    id: randomUUID(),
    message_id: message.id,
    tenant_id: tenantId,
    inquiry_id: inquiryId,
    recipient_id: recipientId,
    header_message_id: parsed.messageId ?? null,
    from_address: (sender?.address ?? envelopeFrom ?? '').slice(0, 320),
    from_name: sender?.name ? sender.name.slice(0, 200) : null,
    subject: (parsed.subject ?? '').slice(0, 1000),
    text,
    html: typeof parsed.html === 'string' ? sanitizeReplyHtml(parsed.html) : null,
    // RFC 3834: anything but "no" was sent by a machine (an out-of-office answer).
    auto_submitted: String(parsed.headers.get('auto-submitted') ?? 'no').toLowerCase() !== 'no',
  };
  const receivedAt = await insertReply(trx, reply, attachments);
  if (!receivedAt) return false;
  const body = eventText(text);
  const event: MailerReplyReceivedEvent = {
    type: 'mailer.reply-received',
    reply_id: reply.id,
    tenant_id: tenantId,
    inquiry_id: inquiryId,
    recipient_id: recipientId,
    job_id: message.job_id,
    from: { address: reply.from_address, name: reply.from_name },
    subject: reply.subject,
    text: body.text,
    text_truncated: body.truncated,
    has_html: reply.html !== null,
    auto_submitted: reply.auto_submitted,
    attachments: attachments.map(({ id, filename, content_type, size }) => ({
      id,
      filename,
      content_type,
      size,
    })),
    received_at: receivedAt.toISOString(),
  };
  await writeOutbox(trx, QUEUES.inquiryEvents, event);
  return true;
}

/**
 * Takes one inbound mail, all of it in one transaction, before the listener answers 250: a
 * spam-looking mail (SPF fail, more than 50 recipients) is kept apart and nothing else happens;
 * otherwise each recipient's message gets its bounce (the `mail.status` event to its producer
 * and, for a hard bounce, `mailer.address-bounced` to the directory) or its reply (stored, and
 * `mailer.reply-received` to the inquiry service).
 */
export async function takeInboundMail(ctx: InboundContext, mail: InboundMail): Promise<InboundOutcome> {
  const parsed = await simpleParser(mail.raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
  });
  const spf = await checkSpf(
    ctx.resolver,
    { ip: mail.remoteAddress, sender: mail.envelopeFrom, helo: mail.helo, mta: ctx.hostname },
    ctx.spfTimeoutMs,
  );
  const reason = quarantineReason({
    envelopeRecipients: mail.recipients.length,
    headerRecipients: addressCount(parsed.to) + addressCount(parsed.cc),
    spf,
  });
  if (reason) {
    await quarantineMail(ctx.db, {
      reason,
      envelope_from: mail.envelopeFrom,
      recipients: mail.recipients,
      remote_address: mail.remoteAddress,
      helo: mail.helo,
      size: mail.raw.length,
      raw: mail.raw,
    });
    ctx.logger.warn({ reason, remote_address: mail.remoteAddress }, 'inbound mail kept apart');
    return { kind: 'quarantined', reason };
  }
  if (parsed.attachments.length > MAX_REPLY_ATTACHMENTS)
    throw new InboundRefusal(552, `5.3.4 At most ${MAX_REPLY_ATTACHMENTS} attachments`);

  // One pass per message, whatever the number of addresses naming it.
  const targets = new Map<string, RefPurpose>();
  for (const address of mail.recipients) {
    const target = ctx.refs.target(address, ctx.domains);
    if (target.ok && !targets.has(target.messageId)) targets.set(target.messageId, target.purpose);
  }
  const outcome = { kind: 'taken' as const, bounced: 0, replies: 0 };
  await ctx.db.transaction().execute(async (trx) => {
    for (const [messageId, purpose] of targets) {
      const message = await findAnsweredMessage(trx, messageId);
      if (!message) continue;
      const bounce = bounceOf(parsed, purpose);
      if (bounce) outcome.bounced += Number(await applyBounce(trx, message, bounce));
      else if (purpose === 'reply')
        outcome.replies += Number(await storeReply(trx, message, parsed, mail.envelopeFrom));
    }
  });
  if (outcome.bounced + outcome.replies > 0) ctx.outboxWritten();
  return outcome;
}
