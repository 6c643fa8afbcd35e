import type { Kysely } from 'kysely';
import { MAX_RECIPIENTS } from '@mfd/contracts';
import type { MailSecrets } from '@mfd/queue';
import { AppError, type MailQuota } from '@mfd/service-kit';
import type { InquiryDB } from '../../data/db';
import { findInquiry } from '../../data/inquiries.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import {
  distributionSender,
  dueRecipients,
  dueReminderDistributions,
  settleReminders,
} from '../../data/reminders.repository';
import { recordAudit, type AuditActor } from '../audit';
import { writeLinkMails, type MailRecipient } from './recipient-mail';
import { rfqFacts } from './rfq-facts';
import { sentFacts } from './sent-version';
import {
  MailboxUnverifiedError,
  SenderUnknownError,
  SupplierMailGate,
  type SenderStanding,
} from './supplier-mail-gate';

/** The reminder pass in the trail. */
export const REMINDERS_ACTOR: AuditActor = { kind: 'system', id: null, name: 'Reminders' };

/** At most this many distributions per pass: the next tick takes the rest. */
const DISTRIBUTIONS_PER_PASS = 50;

export interface ReminderContext {
  db: Kysely<InquiryDB>;
  secrets: MailSecrets;
  quota: MailQuota;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The distribution's sender as the gate judges them with no token to ask identity with: the
 * mailbox the user's alert mails go to, proven or not as identity last said (at the distribution,
 * and again while the user uses the app), and the company's sign-up for its quotas (unknown: as
 * young as can be, so never more mail than allowed).
 */
async function storedStanding(
  db: Kysely<InquiryDB>,
  tenantId: string,
  distributionId: string,
  now: Date,
): Promise<SenderStanding | null> {
  const row = await distributionSender(db, tenantId, distributionId);
  const email = row?.mailbox_email ?? row?.sender_email;
  if (!row || !email) return null;
  return {
    sender: {
      email,
      name: row.sender_name,
      company: row.sender_company,
      signature: row.sender_signature,
      reference_prefix: null,
    },
    verified: row.mailbox_verified === true,
    companyCreatedAt: row.company_created_at ?? now,
  };
}

/** A refusal of the gate that settles the reminders as skipped; anything else (Redis away) is retried. */
function refusalNote(err: unknown): string | null {
  if (err instanceof MailboxUnverifiedError || err instanceof SenderUnknownError) return err.message;
  if (err instanceof AppError && err.statusCode === 429) return err.message;
  return null;
}

/**
 * One distribution's due reminders, in one transaction under the inquiry's lock (as every change of
 * it): recipients whose supplier answered, or whose inquiry closed or reply-by passed, need none;
 * the others get one mail each with a fresh personal link (their older links retire), through the
 * supplier mail gate. A refusal of the gate (mailbox unproven, quota spent) settles them as skipped
 * with why. Settled rows are never looked at again, so replicas and restarts send each once.
 */
async function remindDistribution(
  ctx: ReminderContext,
  due: { tenant_id: string; inquiry_id: string; distribution_id: string },
  now: Date,
): Promise<number> {
  const gate = new SupplierMailGate({
    tenantId: due.tenant_id,
    standing: () => storedStanding(ctx.db, due.tenant_id, due.distribution_id, now),
    quota: ctx.quota,
    log: ctx.log,
  });
  await gate.prepare();
  const work = ctx.db.transaction().execute(async (trx) => {
    const inquiry = await findInquiry(trx, due.tenant_id, due.inquiry_id, true);
    if (!inquiry) return 0;
    const rows = await dueRecipients(trx, due.tenant_id, due.distribution_id, now);
    const open = inquiry.status === 'distributed' || inquiry.status === 'quoting';
    const needed = rows.filter((r) => open && !r.answered && now.getTime() < r.reply_by.getTime());
    const neededIds = new Set(needed.map((r) => r.id));
    await settleReminders(
      trx,
      due.tenant_id,
      rows.filter((r) => !neededIds.has(r.id)).map((r) => r.id),
      { state: 'not_needed', at: now, note: null },
    );
    if (needed.length === 0) return 0;
    const named = needed
      .slice(0, MAX_RECIPIENTS)
      .map((r) => ({ supplier_name: r.supplier_name, email: r.email }));
    const ids = needed.map((r) => r.id);

    let sender;
    try {
      sender = await gate.admit(needed.map((r) => r.email));
    } catch (err) {
      const note = refusalNote(err);
      if (note === null) throw err;
      await settleReminders(trx, due.tenant_id, ids, { state: 'skipped', at: now, note });
      await recordAudit(trx, {
        tenantId: due.tenant_id,
        inquiryId: due.inquiry_id,
        actor: REMINDERS_ACTOR,
        type: 'reminder_skipped',
        detail: { recipients: named, reason: note.slice(0, 4000) },
        requestId: null,
      });
      return 0;
    }
    const lines = (await linesByInquiry(trx, due.tenant_id, [due.inquiry_id])).get(due.inquiry_id) ?? [];
    const recipients: MailRecipient[] = needed.map((r) => ({
      id: r.id,
      tenant_id: r.tenant_id,
      inquiry_id: r.inquiry_id,
      supplier_name: r.supplier_name,
      contact_name: r.contact_name,
      email: r.email,
      reply_by: r.reply_by,
      thread_job_id: r.thread_job_id,
    }));
    // The inquiry as its suppliers were last told it: edits not yet sent as an amendment wait.
    const sent = sentFacts(inquiry, lines);
    await writeLinkMails(trx, { secrets: ctx.secrets, sender }, recipients, rfqFacts(sent, sent.lines), {
      template: 'rfq-reminder',
    });
    await settleReminders(trx, due.tenant_id, ids, { state: 'sent', at: now, note: null });
    await recordAudit(trx, {
      tenantId: due.tenant_id,
      inquiryId: due.inquiry_id,
      actor: REMINDERS_ACTOR,
      type: 'reminder_sent',
      detail: { recipients: named, reply_by: needed[0]!.reply_by.toISOString() },
      requestId: null,
    });
    return needed.length;
  });
  return gate.settle(work);
}

/**
 * Sends the reminders due by `now`, one distribution at a time (one failing is logged and retried
 * by the next pass; the others go on). Answers how many reminder mails were written.
 */
export async function sendDueReminders(ctx: ReminderContext, now: Date): Promise<number> {
  const due = await dueReminderDistributions(ctx.db, now, DISTRIBUTIONS_PER_PASS);
  let mailed = 0;
  for (const distribution of due) {
    try {
      mailed += await remindDistribution(ctx, distribution, now);
    } catch (err) {
      ctx.log.warn(
        { err: err instanceof Error ? err.message : String(err), distribution: distribution.distribution_id },
        'reminders not sent; the next pass retries',
      );
    }
  }
  return mailed;
}
