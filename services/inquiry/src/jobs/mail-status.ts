import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { isFinalMailStatus, jobPayload, QUEUES, type JobPayload, type MailStatusEvent } from '@mfd/contracts';
import { confirmOutbox, queuePrefix, startConsumer, type Logger } from '@mfd/queue';
import type { InquiryDB } from '../data/db';
import { bounceKey, recordedBounces } from '../data/audit.repository';
import { applyMailStatuses, mailSubjects } from '../data/recipients.repository';
import { MAIL_DELIVERY_ACTOR, recordAudit, type AuditEntry } from '../domain/audit';
import { receiveReply } from '../domain/messages/receive-reply';
import { notifyUndeliveredMails } from '../domain/notifications/undelivered-mails';
import { supplierMailOf } from '../domain/rfq/mail-references';
import { handleMemberRemoved } from './member-removed';
import { handlePortsMerged } from './ports-merged';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A notice's reference (`notice:<recipient or offer id>`), a stem mail's (`stem:<id>`) or a recipient mail's (the id alone), as an id. */
const referencedId = (reference: string | null | undefined) => {
  const id = reference?.replace(/^(notice|stem):/, '');
  return id && UUID.test(id) ? id : null;
};

type MailOutcomeEntry = Extract<AuditEntry, { type: 'mail_outcome' }>;
const bounceOf = (e: MailOutcomeEntry) => ({
  tenantId: e.tenantId,
  inquiryId: e.inquiryId,
  mail: e.detail.mail,
  to: e.detail.to,
  at: e.at!,
});

/**
 * How each mail ended, in the trail of the inquiry it was about (the mailer as actor, at the time
 * it reported). Only outcomes confirmed now are given, so a redelivered event records nothing
 * twice; a bounce, which comes after its mail was confirmed sent, is recorded unless the trail has it.
 */
async function recordMailOutcomes(
  trx: Kysely<InquiryDB>,
  outcomes: { event: MailStatusEvent; requestId: string | null | undefined }[],
): Promise<void> {
  const subjects = await mailSubjects(
    trx,
    outcomes.flatMap(({ event }) => referencedId(event.reference) ?? []),
  );
  const entries = outcomes.flatMap(({ event, requestId }): MailOutcomeEntry[] => {
    const subject = subjects.get(referencedId(event.reference) ?? '');
    if (!subject || !isFinalMailStatus(event.status)) return [];
    return [
      {
        tenantId: subject.tenant_id,
        inquiryId: subject.inquiry_id,
        stemId: event.reference?.startsWith('stem:') ? subject.id : null,
        actor: MAIL_DELIVERY_ACTOR,
        type: 'mail_outcome',
        detail: {
          mail: event.template.slice(0, 200),
          to: event.to.slice(0, 200),
          to_name: subject.supplier_name,
          status: event.status,
          error: event.error?.slice(0, 4000) ?? null,
        },
        at: new Date(event.at),
        requestId,
      },
    ];
  });
  const bounces = entries.filter((e) => e.detail.status === 'bounced').map(bounceOf);
  // Recorded, or met earlier in this batch: a second copy of the same bounce adds nothing.
  const seen = await recordedBounces(trx, bounces);
  await recordAudit(
    trx,
    entries.filter((e) => {
      if (e.detail.status !== 'bounced') return true;
      const key = bounceKey(bounceOf(e));
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
}

/**
 * Mails' statuses, in one transaction: a supplier invitation or amendment updates its recipient's
 * delivery (an event older than what the row shows changes nothing, so out-of-order delivery is
 * harmless); a supplier mail that failed tells the trader (once per mail, however often the event
 * comes); a final status confirms (and scrubs) the mail's outbox row so the relay stops handing
 * it over, and the outcome joins the inquiry's audit trail. `requestIds` are the events' own (in
 * order) when they came in a batch; otherwise the one the work runs under.
 */
export async function handleMailStatuses(
  db: Kysely<InquiryDB>,
  events: MailStatusEvent[],
  requestIds: (string | null)[] = [],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await applyMailStatuses(
      trx,
      events.flatMap((e) => {
        const mail = supplierMailOf(e);
        return mail?.kind === 'delivery'
          ? [
              {
                recipientId: mail.recipientId,
                jobId: e.job_id,
                status: e.status,
                attempts: e.attempts,
                error: e.error ?? null,
                at: new Date(e.at),
              },
            ]
          : [];
      }),
    );
    // After the deliveries are applied: an invitation's failure or bounce tells only while it is the latest mail.
    await notifyUndeliveredMails(trx, events, new Date());
    const confirmed = new Set(
      await confirmOutbox(
        trx,
        events.filter((e) => isFinalMailStatus(e.status)).map((e) => e.job_id),
      ),
    );
    await recordMailOutcomes(
      trx,
      events.flatMap((event, i) =>
        (confirmed.has(event.job_id) && isFinalMailStatus(event.status)) || event.status === 'bounced'
          ? [{ event, requestId: requestIds[i] }]
          : [],
      ),
    );
  });
}

const mailStatuses = (payloads: JobPayload[], requestIds: (string | null)[] = []) => {
  const events: MailStatusEvent[] = [];
  const ids: (string | null)[] = [];
  payloads.forEach((p, i) => {
    if (p.type !== 'mail.status') return;
    events.push(p);
    ids.push(requestIds[i] ?? null);
  });
  return { events, ids };
};

/**
 * The inquiry service's events: how its mails went and suppliers' replies (acknowledged to the
 * mailer), the directory's port merges (jobs/ports-merged.ts) and identity's removed members
 * (jobs/member-removed.ts). Idempotent; each event is acknowledged to its producer.
 */
export function startMailStatusConsumer(opts: {
  db: Kysely<InquiryDB>;
  connection: Redis;
  redisPrefix: string;
  logger: Logger;
  /** Called after a mail was written to the outbox (a forwarded reply), so the relay hands it over now. */
  outboxWritten?: () => void;
}): Worker {
  const handle = async (event: JobPayload) => {
    if (event.type === 'directory.ports-merged') return handlePortsMerged(opts.db, event, opts.logger);
    if (event.type === 'identity.member-removed') return handleMemberRemoved(opts.db, event, opts.logger);
    if (event.type === 'mailer.reply-received') {
      if (await receiveReply(opts.db, event, opts.logger)) opts.outboxWritten?.();
      return;
    }
    return handleMailStatuses(opts.db, mailStatuses([event]).events);
  };
  return startConsumer({
    queue: QUEUES.inquiryEvents,
    connection: opts.connection,
    prefix: queuePrefix(opts.redisPrefix),
    schema: jobPayload,
    logger: opts.logger,
    // Enough in flight for their confirmations to travel in batches (AckBatcher).
    concurrency: 20,
    acknowledge: true,
    handle,
    handleBatch: (payloads, _job, requestIds) => {
      const { events, ids } = mailStatuses(payloads, requestIds);
      return handleMailStatuses(opts.db, events, ids);
    },
  });
}
