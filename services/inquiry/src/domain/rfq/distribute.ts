import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { distributeInput, Supplier } from '@mfd/contracts';
import type { MailSecrets } from '@mfd/queue';
import type { z } from 'zod';
import type { InquiryDB } from '../../data/db';
import { saveMailboxAddress } from '../../data/alert-mailboxes.repository';
import { updateInquiry } from '../../data/inquiries.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import {
  insertDistribution,
  insertRecipients,
  markResent,
  recipientsOfInquiry,
} from '../../data/recipients.repository';
import { byUser, recordAudit } from '../audit';
import { changedFields } from '../audit-changes';
import {
  assertChangeable,
  changeInquiry,
  InquiryInputError,
  type Caller,
  type FieldError,
} from '../inquiries';
import { nextStatus } from '../inquiry-lifecycle';
import { writeLinkMails, type MailRecipient } from './recipient-mail';
import { reminderTime } from './reminder-time';
import { resolveReplyBy } from './reply-by';
import { skippedNote, tooSoonToResend, type SkipReason } from './resend-rule';
import { rfqFacts } from './rfq-facts';
import { sentFacts, versionOf } from './sent-version';
import type { SupplierLookups } from './supplier-lookups';
import type { SupplierMailGate } from './supplier-mail-gate';

type DistributeInput = z.output<typeof distributeInput>;

export interface DistributeContext {
  db: Kysely<InquiryDB>;
  suppliers: SupplierLookups;
  /** Admits the mails and gives their sender: reply-to, name, company and signature. */
  gate: SupplierMailGate;
  secrets: MailSecrets;
}

export interface DistributeResult {
  distributed_count: number;
  skipped_count: number;
  status: string;
  note: string | null;
  reply_by: string;
}

/** The inquiry cannot go out as it is (no fuel line to price). */
export class DistributionRefusedError extends Error {}

/** A recipient of the request, resolved against the directory. */
interface Address {
  supplier: Supplier;
  contactId: string | null;
  contactName: string | null;
  email: string;
}

/** The requested suppliers in one directory read; one the caller may not see is absent. */
async function readSuppliers(lookups: SupplierLookups, ids: string[]): Promise<Map<string, Supplier | null>> {
  const wanted = [...new Set(ids)];
  const found = new Map((await lookups.byIds(wanted)).map((s) => [s.id, s] as const));
  return new Map(wanted.map((id) => [id, found.get(id) ?? null]));
}

/** Each requested recipient as an address of an active supplier of the caller, or what is wrong. */
function resolveAddresses(
  recipients: DistributeInput['recipients'],
  suppliers: Map<string, Supplier | null>,
): { addresses: Address[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const addresses: Address[] = [];
  recipients.forEach((recipient, i) => {
    const supplier = suppliers.get(recipient.supplier_id);
    if (!supplier) {
      errors.push({
        field: `recipients.${i}.supplier_id`,
        message: 'Supplier not found: choose one from the list',
      });
      return;
    }
    if (supplier.status !== 'active') {
      errors.push({
        field: `recipients.${i}.supplier_id`,
        message: `${supplier.trading_name} is inactive: activate it before sending`,
      });
      return;
    }
    if (recipient.contact_id === null) {
      addresses.push({ supplier, contactId: null, contactName: null, email: supplier.default_email });
      return;
    }
    const contact = supplier.contacts.find((c) => c.id === recipient.contact_id);
    if (!contact) {
      errors.push({
        field: `recipients.${i}.contact_id`,
        message: `Contact is not one of ${supplier.trading_name}’s contacts`,
      });
      return;
    }
    addresses.push({ supplier, contactId: contact.id, contactName: contact.name, email: contact.email });
  });
  return { addresses, errors };
}

const addressKey = (supplierId: string, email: string) => `${supplierId} ${email.toLowerCase()}`;

/**
 * Sends the inquiry to the chosen suppliers: in one transaction under the inquiry's lock, the
 * distribution, a recipient row per new address (an address that already had the inquiry only
 * with `resend`, and not within 15 minutes of its last mail), a new personal link per address sent
 * to and one mail job each, all through the supplier mail gate. Everything the directory and
 * identity must say is read before; a bad recipient or a refusal of the gate writes nothing.
 */
export async function distributeInquiry(
  ctx: DistributeContext,
  caller: Caller,
  id: string,
  input: DistributeInput,
  now: Date = new Date(),
): Promise<DistributeResult> {
  const before = await assertChangeable(ctx.db, caller, id, 'distribute');
  const [suppliers] = await Promise.all([
    readSuppliers(
      ctx.suppliers,
      input.recipients.map((r) => r.supplier_id),
    ),
    ctx.gate.prepare(),
  ]);
  const { addresses, errors } = resolveAddresses(input.recipients, suppliers);
  const replyByError = (eta: Date | null): FieldError[] => {
    const result = resolveReplyBy(input.reply_by ? new Date(input.reply_by) : null, eta, now);
    if (!result.ok) return [{ field: 'reply_by', message: result.message }];
    const remind = reminderTime(result.replyBy, input.remind_before_minutes, now);
    return remind.ok ? [] : [{ field: 'remind_before_minutes', message: remind.message }];
  };
  errors.push(...replyByError(before.eta));
  if (errors.length) throw new InquiryInputError(errors);

  const change = changeInquiry(ctx.db, caller, id, 'distribute', async (trx, inquiry) => {
    // The ETA may have changed since the first read: the reply-by is settled under the lock.
    const replyBy = resolveReplyBy(input.reply_by ? new Date(input.reply_by) : null, inquiry.eta, now);
    if (!replyBy.ok) throw new InquiryInputError([{ field: 'reply_by', message: replyBy.message }]);
    const remind = reminderTime(replyBy.replyBy, input.remind_before_minutes, now);
    if (!remind.ok)
      throw new InquiryInputError([{ field: 'remind_before_minutes', message: remind.message }]);
    const lines = (await linesByInquiry(trx, caller.tenantId, [id])).get(id) ?? [];
    if (lines.length === 0)
      throw new DistributionRefusedError('Add at least one fuel line before sending the inquiry.');

    const existing = new Map(
      (await recipientsOfInquiry(trx, caller.tenantId, id)).map((r) => [
        addressKey(r.supplier_id, r.email),
        r,
      ]),
    );
    const seen = new Set<string>();
    const toSend: { address: Address; resendId: string | null }[] = [];
    let skipped = 0;
    const reason: SkipReason = input.resend ? 'too-soon' : 'already-had';
    for (const address of addresses) {
      const key = addressKey(address.supplier.id, address.email);
      if (seen.has(key)) continue;
      seen.add(key);
      const had = existing.get(key);
      if (had && (!input.resend || tooSoonToResend(had.last_sent_at, now))) skipped += 1;
      else toSend.push({ address, resendId: had?.id ?? null });
    }
    // Asked to send is asked to pass the gate, even when every address is skipped.
    const sender = await ctx.gate.admit(toSend.map((t) => t.address.email));
    const result = {
      distributed_count: toSend.length,
      skipped_count: skipped,
      note: skippedNote(skipped, reason),
      reply_by: replyBy.replyBy.toISOString(),
    };
    if (toSend.length === 0) return { ...result, status: inquiry.status };

    const distributionId = randomUUID();
    await insertDistribution(trx, {
      id: distributionId,
      tenant_id: caller.tenantId,
      inquiry_id: id,
      sent_by: caller.userId,
      sender_name: sender.name,
      sender_company: sender.company,
      sender_email: sender.email,
      sender_signature: sender.signature,
      reply_by: replyBy.replyBy,
      remind_before_minutes: input.remind_before_minutes,
      sealed: input.sealed,
    });
    // The distributor is who hears of the offers: their alerts go to the address identity just gave.
    await saveMailboxAddress(
      trx,
      caller.tenantId,
      caller.userId,
      { email: sender.email, name: sender.name, ...(await ctx.gate.admittedStanding()) },
      now,
    );
    // Every supplier reads the same version: while edits wait for an amendment, a new address gets
    // the inquiry as the others were told it, and the amendment then reaches it with theirs.
    const sent = sentFacts(inquiry, lines);
    const rfq = rfqFacts(sent, sent.lines);
    const recipients: MailRecipient[] = [];
    const newRows: Parameters<typeof insertRecipients>[1] = [];
    for (const { address, resendId } of toSend) {
      const recipient: MailRecipient = {
        id: resendId ?? randomUUID(),
        tenant_id: caller.tenantId,
        inquiry_id: id,
        supplier_name: address.supplier.trading_name,
        contact_name: address.contactName,
        email: address.email,
        reply_by: replyBy.replyBy,
      };
      recipients.push(recipient);
      const values = {
        distribution_id: distributionId,
        reply_by: replyBy.replyBy,
        // Each distribution asks for its own reminder (or none): a resent address starts over.
        remind_at: remind.at,
        reminder_state: null,
        reminded_at: null,
        reminder_note: null,
        supplier_name: recipient.supplier_name,
        contact_id: address.contactId,
        contact_name: address.contactName,
      };
      if (resendId) await markResent(trx, caller.tenantId, resendId, values);
      else
        newRows.push({
          ...values,
          id: recipient.id,
          tenant_id: caller.tenantId,
          inquiry_id: id,
          supplier_id: address.supplier.id,
          email: address.email,
        });
    }
    await insertRecipients(trx, newRows);
    await writeLinkMails(trx, { secrets: ctx.secrets, sender }, recipients, rfq, {
      template: 'rfq-invitation',
      cc: input.cc_me ? sender.email : null,
    });
    const status = nextStatus(inquiry.status, 'distribute');
    // Sealing binds the trader: a later distribution without it does not open the offers early.
    await updateInquiry(trx, caller.tenantId, id, {
      status,
      ...(inquiry.sent_version ? {} : { sent_version: versionOf(sent) }),
      ...(input.sealed ? { offers_sealed: true } : {}),
    });
    await recordAudit(trx, {
      ...byUser(caller, id),
      type: 'inquiry_distributed',
      detail: {
        recipients: toSend.map(({ address, resendId }) => ({
          supplier_name: address.supplier.trading_name,
          contact_name: address.contactName,
          email: address.email,
          resent: resendId !== null,
        })),
        skipped_count: skipped,
        reply_by: result.reply_by,
        remind_before_minutes: input.remind_before_minutes,
        sealed: input.sealed,
      },
      changes: changedFields({ status: inquiry.status }, { status }),
    });
    return { ...result, status };
  });
  return ctx.gate.settle(change);
}
