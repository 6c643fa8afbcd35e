import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  QUEUES,
  STEM_LINK_DAYS,
  type FieldError,
  type MailSendJob,
  type SignatureView,
  type StemConfirmationCopy,
  type StemView,
  type stemSendInput,
} from '@mfd/contracts';
import { writeOutboxMany, type MailSecrets } from '@mfd/queue';
import type { InquiryDB } from '../../data/db';
import { replaceStemLink } from '../../data/stem-links.repository';
import { findStem, updateStem, type StemRow } from '../../data/stems.repository';
import { byUser, recordAudit } from '../audit';
import type { Caller } from '../inquiries';
import { newOfferToken, offerTokenHash } from '../rfq/offer-link-token';
import { mailSenderOf } from '../rfq/recipient-mail';
import type { SupplierMailGate } from '../rfq/supplier-mail-gate';
import { confirmationContent, confirmationFilename } from './confirmation-content';
import { renderConfirmationPdf } from './confirmation-pdf';
import { StemInputError, StemNotFoundError } from './stem-errors';
import { nextStemStatus } from './stem-lifecycle';
import { loadStemView } from './stem-views';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Recipient {
  email: string;
  name: string | null;
  copy: StemConfirmationCopy;
}

/**
 * Who gets which copy. Only the supplier gets the buy side; the customer, the agent (who acts for
 * the vessel, the buyer's side) and every cc get the customer's copy. An address chosen for the
 * sell side that is the supplier's own is refused, so the supplier never reads the sell prices.
 */
function recipientsOf(stem: StemRow, input: z.output<typeof stemSendInput>): Recipient[] {
  const errors: FieldError[] = [];
  const need = (wanted: boolean, field: string, email: string | null, missing: string) => {
    if (wanted && !email) errors.push({ field, message: missing });
    return wanted && email ? email.toLowerCase() : null;
  };
  const supplier = need(
    input.to_supplier,
    'to_supplier',
    stem.supplier_email,
    'The supplier has no e-mail address',
  );
  const customer = need(
    input.to_customer,
    'to_customer',
    stem.customer_email,
    'The customer has no e-mail address',
  );
  const agent = need(input.to_agent, 'to_agent', stem.agent_email, 'The agent has no e-mail address');
  const supplierEmail = stem.supplier_email?.toLowerCase() ?? null;
  const sellSide: [string, string | null, string | null][] = [
    ['to_customer', customer, stem.customer_name],
    ['to_agent', agent, stem.agent_name],
    ...input.cc.map((email, i): [string, string, null] => [`cc.${i}`, email, null]),
  ];
  for (const [field, email] of sellSide)
    if (email && email === supplierEmail)
      errors.push({ field, message: 'This is the supplier’s address: the supplier gets its own copy' });
  if (errors.length > 0) throw new StemInputError(errors);
  const seen = new Set<string>();
  const all: Recipient[] = [
    ...(supplier ? [{ email: supplier, name: stem.supplier_name, copy: 'supplier' as const }] : []),
    ...sellSide.flatMap(([, email, name]) => (email ? [{ email, name, copy: 'customer' as const }] : [])),
  ];
  return all.filter((r) => !seen.has(r.email) && seen.add(r.email));
}

/** Fails early (404) before the sending trader's profile is read. */
export async function assertStemExists(db: Kysely<InquiryDB>, tenantId: string, id: string) {
  const stem = await findStem(db, tenantId, id);
  if (!stem) throw new StemNotFoundError('stem');
  return stem.inquiry_id;
}

async function pdfAttachment(view: StemView, copy: StemConfirmationCopy, signature: SignatureView | null) {
  const bytes = await renderConfirmationPdf(confirmationContent(view, copy, signature));
  return {
    filename: confirmationFilename(view.reference, copy),
    content_type: 'application/pdf' as const,
    content_base64: bytes.toString('base64'),
  };
}

/**
 * Sends the stem's confirmation, in one transaction under the stem's lock: each recipient's copy
 * as a PDF attached to a mail through the outbox (the supplier mail gate: a proven mailbox, the
 * quotas); the supplier's mail with a fresh personal link to acknowledge it, valid 30 days from
 * now whatever the reply-by (its earlier links retire). The stem moves to sent; sending again keeps
 * it sent, or acknowledged unless the supplier is mailed a new link to acknowledge again. The trail
 * records who got which copy.
 */
export async function sendStem(
  db: Kysely<InquiryDB>,
  caller: Caller,
  id: string,
  input: z.output<typeof stemSendInput>,
  source: { gate: SupplierMailGate; secrets: MailSecrets },
  now: Date,
): Promise<StemView> {
  const work = db.transaction().execute(async (trx) => {
    const stem = await findStem(trx, caller.tenantId, id, true);
    if (!stem) throw new StemNotFoundError('stem');
    const moved = nextStemStatus(stem.status, 'send');
    const recipients = recipientsOf(stem, input);
    const supplier = recipients.find((r) => r.copy === 'supplier');
    // Only a new supplier link asks for a new acknowledgement; a copy to the others changes nothing.
    const status = supplier || stem.status === 'draft' ? moved : stem.status;
    const sender = await source.gate.admit(recipients.map((r) => r.email));
    const view = await loadStemView(trx, stem);
    const copies = new Map<StemConfirmationCopy, Awaited<ReturnType<typeof pdfAttachment>>>();
    for (const copy of new Set(recipients.map((r) => r.copy)))
      copies.set(copy, await pdfAttachment(view, copy, sender.signature));

    const token = supplier ? newOfferToken() : null;
    const expiresAt = new Date(now.getTime() + STEM_LINK_DAYS * DAY_MS);
    if (token)
      await replaceStemLink(trx, {
        token_hash: offerTokenHash(token),
        stem_id: id,
        tenant_id: caller.tenantId,
        created_at: now,
        expires_at: expiresAt,
      });
    const jobs = recipients.map((r): MailSendJob => ({
      type: 'mail.send',
      to: r.email,
      to_name: r.name,
      source: 'inquiry',
      reference: `stem:${id}`,
      tenant_id: caller.tenantId,
      reply_to: sender.email,
      signature: sender.signature,
      sender: mailSenderOf(sender),
      attachments: [copies.get(r.copy)!],
      link_expires_at: r.copy === 'supplier' ? expiresAt.toISOString() : null,
      mail: {
        template: 'stem-confirmation',
        data: {
          recipient_name: r.name,
          reference: stem.reference,
          company_name: stem.company_name,
          vessel_name: stem.vessel_name,
          port_name: stem.port_name,
          copy: r.copy,
          resend: stem.sent_at !== null,
          ack_token: r.copy === 'supplier' && token ? source.secrets.seal(token, r.email) : null,
          ack_expires_at: r.copy === 'supplier' ? expiresAt.toISOString() : null,
        },
      },
    }));
    await writeOutboxMany(trx, QUEUES.mailSend, jobs);
    // A new send asks for a new acknowledgement: the earlier one no longer stands for what was sent.
    await updateStem(trx, caller.tenantId, id, {
      status,
      sent_at: now,
      ...(supplier ? { acknowledged_at: null, acknowledged_by: null } : {}),
    });
    await recordAudit(trx, {
      ...byUser(caller, stem.inquiry_id),
      stemId: id,
      type: 'stem_sent',
      detail: {
        reference: stem.reference,
        recipients: recipients.map((r) => ({ email: r.email.slice(0, 200), copy: r.copy })),
      },
      ...(stem.status === status ? {} : { changes: { status: { before: stem.status, after: status } } }),
    });
    const sent = await findStem(trx, caller.tenantId, id);
    return loadStemView(trx, sent!);
  });
  return source.gate.settle(work);
}
