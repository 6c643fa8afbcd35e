import type { Kysely } from 'kysely';
import type { MailStatusEvent } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { offersForAlerts, recipientsForAlerts } from '../../data/notification-sources.repository';
import { supplierMailOf } from '../rfq/mail-references';
import { eventKeys, notify, type NotificationEvent } from './notify';

/** What the trader is told of a supplier mail that ended so. */
const UNDELIVERED = {
  failed: { kind: 'mail_failed', key: eventKeys.mailFailed },
  bounced: { kind: 'mail_bounced', key: eventKeys.mailBounced },
} as const;
const undeliveredOf = (status: MailStatusEvent['status']) =>
  status === 'failed' || status === 'bounced' ? UNDELIVERED[status] : null;

/**
 * Supplier mails that failed or bounced, in the transaction that applies their statuses (after
 * them): the trader told about the inquiry hears of each mail's failure and of its bounce once
 * (by its job id). An invitation or amendment counts only while it is still its recipient's latest
 * mail and shows that status, as the Suppliers tab does (a late event of a mail sent again since
 * tells nothing); mails to our own users tell nobody.
 */
export async function notifyUndeliveredMails(
  trx: Kysely<InquiryDB>,
  events: MailStatusEvent[],
  now: Date,
): Promise<void> {
  const failed = events.flatMap((e) => {
    const undelivered = undeliveredOf(e.status);
    const mail = undelivered ? supplierMailOf(e) : null;
    return mail && undelivered ? [{ mail, jobId: e.job_id, status: e.status, undelivered }] : [];
  });
  if (failed.length === 0) return;
  const recipients = new Map(
    (
      await recipientsForAlerts(
        trx,
        failed.flatMap(({ mail }) => (mail.kind === 'offer-notice' ? [] : [mail.recipientId])),
      )
    ).map((r) => [r.id, r]),
  );
  const offers = new Map(
    (
      await offersForAlerts(
        trx,
        failed.flatMap(({ mail }) => (mail.kind === 'offer-notice' ? [mail.offerId] : [])),
      )
    ).map((o) => [o.id, o]),
  );
  const told: NotificationEvent[] = [];
  for (const { mail, jobId, status, undelivered } of failed) {
    const about = mail.kind === 'offer-notice' ? offers.get(mail.offerId) : recipients.get(mail.recipientId);
    if (!about?.user_id) continue;
    if (mail.kind === 'delivery') {
      const recipient = recipients.get(mail.recipientId)!;
      if (recipient.mail_job_id !== jobId || recipient.mail_status !== status) continue;
    }
    told.push({
      tenantId: about.tenant_id,
      userId: about.user_id,
      kind: undelivered.kind,
      inquiryId: about.inquiry_id,
      offerId: mail.kind === 'offer-notice' ? mail.offerId : null,
      offerRevision: null,
      supplierName: about.supplier_name,
      eventKey: undelivered.key(jobId),
    });
  }
  await notify(trx, told, now);
}
