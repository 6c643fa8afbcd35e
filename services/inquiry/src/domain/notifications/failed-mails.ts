import type { Kysely } from 'kysely';
import type { MailStatusEvent } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { offersForAlerts, recipientsForAlerts } from '../../data/notification-sources.repository';
import { supplierMailOf } from '../rfq/mail-references';
import { eventKeys, notify, type NotificationEvent } from './notify';

/**
 * Supplier mails that ended failed, in the transaction that applies their statuses (after them):
 * the trader told about the inquiry hears of each mail once (by its job id). An invitation or
 * amendment counts only while it is still its recipient's latest mail and failed, as the Suppliers
 * tab shows it (a late event of a mail sent again since tells nothing); mails to our own users
 * tell nobody.
 */
export async function notifyFailedMails(
  trx: Kysely<InquiryDB>,
  events: MailStatusEvent[],
  now: Date,
): Promise<void> {
  const failed = events.flatMap((e) => {
    const mail = e.status === 'failed' ? supplierMailOf(e) : null;
    return mail ? [{ mail, jobId: e.job_id }] : [];
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
  for (const { mail, jobId } of failed) {
    const about = mail.kind === 'offer-notice' ? offers.get(mail.offerId) : recipients.get(mail.recipientId);
    if (!about?.user_id) continue;
    if (mail.kind === 'delivery') {
      const recipient = recipients.get(mail.recipientId)!;
      if (recipient.mail_job_id !== jobId || recipient.mail_status !== 'failed') continue;
    }
    told.push({
      tenantId: about.tenant_id,
      userId: about.user_id,
      kind: 'mail_failed',
      inquiryId: about.inquiry_id,
      offerId: mail.kind === 'offer-notice' ? mail.offerId : null,
      offerRevision: null,
      supplierName: about.supplier_name,
      eventKey: eventKeys.mailFailed(jobId),
    });
  }
  await notify(trx, told, now);
}
