import type { Kysely } from 'kysely';
import {
  QUEUES,
  type MailSender,
  type MailTemplate,
  type OfferRank,
  type RfqMailFacts,
} from '@mfd/contracts';
import { writeOutboxMany, type MailSecrets } from '@mfd/queue';
import type { InquiryDB } from '../../data/db';
import { supersedeOfferLinks } from '../../data/offer-links.repository';
import { insertOfferLinks, trackRecipientMails } from '../../data/recipients.repository';
import { newOfferToken, offerTokenHash } from './offer-link-token';
import type { AdmittedSender, Sender } from './supplier-mail-gate';

/** What writing a supplier mail needs besides the transaction. */
export interface RfqMailContext {
  secrets: MailSecrets;
  /** The sender the supplier mail gate admitted for these mails. */
  sender: AdmittedSender;
}

/** One address of a supplier an inquiry went to, as a mail to it needs it. */
export interface MailRecipient {
  id: string;
  tenant_id: string;
  inquiry_id: string;
  supplier_name: string;
  contact_name: string | null;
  email: string;
  reply_by: Date;
  /** The job id of the address's invitation, once it had one: later mails reply to it. */
  thread_job_id?: string | null;
}

/** The trader as a supplier mail's From names them ("Name (Company) via Marine Fuel Distribution"). */
export const mailSenderOf = (sender: Pick<Sender, 'name' | 'company'>): MailSender => ({
  name: sender.name,
  company: sender.company,
});

type LinkMail =
  | {
      template: 'rfq-invitation';
      /** The trader's own copy of each invitation, when the distribution asked for it. */
      cc: string | null;
    }
  | {
      template: 'rfq-amendment';
      changes: Extract<MailTemplate, { template: 'rfq-amendment' }>['data']['changes'];
      /** The trader's word with the amendment. */
      message: string | null;
    }
  /** The one reminder before the reply-by, to a recipient that has neither offered nor declined. */
  | { template: 'rfq-reminder' }
  | {
      template: 'rfq-round';
      round: number;
      message: string | null;
      /** Each recipient's own rank, by recipient id, when the trader tells it. */
      ranks: Map<string, OfferRank>;
    };

/** The mail's template and data for one recipient: the link's data plus what its kind adds. */
function linkMailOf(
  mail: LinkMail,
  recipientId: string,
  data: Extract<MailTemplate, { template: 'rfq-invitation' }>['data'],
) {
  switch (mail.template) {
    case 'rfq-invitation':
      return { template: 'rfq-invitation' as const, data };
    case 'rfq-reminder':
      return { template: 'rfq-reminder' as const, data };
    case 'rfq-amendment':
      return {
        template: 'rfq-amendment' as const,
        data: { ...data, changes: mail.changes, message: mail.message },
      };
    case 'rfq-round':
      return {
        template: 'rfq-round' as const,
        data: {
          ...data,
          round: mail.round,
          message: mail.message,
          rank: mail.ranks.get(recipientId) ?? null,
        },
      };
  }
}

/** Where a supplier's reply to a mail about an inquiry belongs: the inquiry's recipient it was sent to. */
export const replyRouteOf = (recipient: Pick<MailRecipient, 'id' | 'tenant_id' | 'inquiry_id'>) => ({
  tenant_id: recipient.tenant_id,
  inquiry_id: recipient.inquiry_id,
  recipient_id: recipient.id,
});

/** The mail job's addressing, the same for every RFQ mail to a recipient (an invitation starts its thread). */
export function envelope(ctx: RfqMailContext, recipient: MailRecipient) {
  return {
    type: 'mail.send' as const,
    to: recipient.email,
    to_name: recipient.contact_name ?? recipient.supplier_name,
    source: 'inquiry' as const,
    tenant_id: recipient.tenant_id,
    reply_to: ctx.sender.email,
    reply_route: replyRouteOf(recipient),
    signature: ctx.sender.signature,
    sender: mailSenderOf(ctx.sender),
    thread_job_id: recipient.thread_job_id ?? null,
  };
}

/**
 * Mails carrying a new personal offer link each: the token's hash is stored for the recipient,
 * the token itself travels only sealed for that address, and the recipient's earlier links are
 * retired (410 superseded) in the same transaction. The recipient id is the mail's reference, so
 * its `mail.status` events update the recipient's delivery. A few statements for all of them,
 * whatever their number (a distribution may address hundreds).
 */
export async function writeLinkMails(
  trx: Kysely<InquiryDB>,
  ctx: RfqMailContext,
  recipients: MailRecipient[],
  rfq: RfqMailFacts,
  mail: LinkMail,
): Promise<void> {
  if (recipients.length === 0) return;
  const tokens = recipients.map(() => newOfferToken());
  await supersedeOfferLinks(
    trx,
    recipients.map((r) => r.id),
  );
  await insertOfferLinks(
    trx,
    recipients.map((recipient, i) => ({
      recipient_id: recipient.id,
      token_hash: offerTokenHash(tokens[i]!),
    })),
  );
  const jobs = recipients.map((recipient, i) => {
    const data = {
      supplier_name: recipient.supplier_name,
      rfq,
      reply_by: recipient.reply_by.toISOString(),
      token: ctx.secrets.seal(tokens[i]!, recipient.email),
    };
    return {
      ...envelope(ctx, recipient),
      cc: mail.template === 'rfq-invitation' ? mail.cc : null,
      reference: recipient.id,
      // The offer page answers 410 from the reply-by time on.
      link_expires_at: data.reply_by,
      mail: linkMailOf(mail, recipient.id, data),
    };
  });
  const jobIds = await writeOutboxMany(trx, QUEUES.mailSend, jobs);
  await trackRecipientMails(
    trx,
    recipients.map((recipient, i) => ({
      tenantId: recipient.tenant_id,
      recipientId: recipient.id,
      jobId: jobIds[i]!,
    })),
  );
}
