import type { Kysely } from 'kysely';
import { QUEUES, type MailTemplate, type RfqMailFacts, type SignatureView } from '@mfd/contracts';
import { writeOutbox, type MailSecrets } from '@mfd/queue';
import type { InquiryDB } from '../../data/db';
import { insertOfferLink, trackRecipientMail } from '../../data/recipients.repository';
import { newOfferToken, offerTokenHash } from './offer-link-token';

/** The trader as suppliers see an RFQ mail: where replies go and the signature under it. */
export interface Sender {
  email: string;
  name: string | null;
  company: string | null;
  signature: SignatureView | null;
}

/** What writing a supplier mail needs besides the transaction. */
export interface RfqMailContext {
  secrets: MailSecrets;
  /**
   * Null when the inquiry was still a draft when the change began and was sent meanwhile: the
   * address's own distribution sender is the reply-to then, without a signature.
   */
  sender: Sender | null;
}

/** One address of a supplier an inquiry went to, as a mail to it needs it. */
export interface MailRecipient {
  id: string;
  tenant_id: string;
  supplier_name: string;
  contact_name: string | null;
  email: string;
  reply_by: Date;
  /** Who sent the inquiry to this address: the reply-to when the context has no sender. */
  sender_email: string | null;
}

type LinkMail =
  | { template: 'rfq-invitation' }
  | {
      template: 'rfq-amendment';
      changes: Extract<MailTemplate, { template: 'rfq-amendment' }>['data']['changes'];
    };

/** The mail job's addressing, the same for every RFQ mail to a recipient. */
export function envelope(ctx: RfqMailContext, recipient: MailRecipient) {
  return {
    type: 'mail.send' as const,
    to: recipient.email,
    to_name: recipient.contact_name ?? recipient.supplier_name,
    source: 'inquiry' as const,
    tenant_id: recipient.tenant_id,
    reply_to: ctx.sender?.email ?? recipient.sender_email,
    signature: ctx.sender?.signature ?? null,
  };
}

/**
 * A mail carrying a new personal offer link: the token's hash is stored for the recipient, the
 * token itself travels only sealed for that address. The recipient id is the mail's reference,
 * so its `mail.status` events update the recipient's delivery.
 */
export async function writeLinkMail(
  trx: Kysely<InquiryDB>,
  ctx: RfqMailContext,
  recipient: MailRecipient,
  rfq: RfqMailFacts,
  mail: LinkMail,
): Promise<void> {
  const token = newOfferToken();
  await insertOfferLink(trx, recipient.id, offerTokenHash(token));
  const data = {
    supplier_name: recipient.supplier_name,
    rfq,
    reply_by: recipient.reply_by.toISOString(),
    token: ctx.secrets.seal(token, recipient.email),
  };
  const jobId = await writeOutbox(trx, QUEUES.mailSend, {
    ...envelope(ctx, recipient),
    reference: recipient.id,
    mail:
      mail.template === 'rfq-invitation'
        ? { template: 'rfq-invitation', data }
        : { template: 'rfq-amendment', data: { ...data, changes: mail.changes } },
  });
  await trackRecipientMail(trx, recipient.id, jobId);
}
