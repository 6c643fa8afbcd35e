import type { Kysely } from 'kysely';
import { z } from 'zod';
import { QUEUES, type MailerReplyReceivedEvent, type MailSendJob } from '@mfd/contracts';
import { writeOutbox, type Logger } from '@mfd/queue';
import type { InquiryDB } from '../../data/db';
import { insertMessage, replyRecipient, setForwardJob, traderAddress } from '../../data/messages.repository';
import { recordAudit, supplierActor } from '../audit';
import { eventKeys, notify } from '../notifications/notify';
import { fromLine } from './from-line';

const email = z.email();

/**
 * A supplier's reply the mailer took (`mailer.reply-received`), in one transaction: stored on the
 * inquiry's thread under the recipient's supplier, recorded in the trail, forwarded at once to the
 * trader told about the inquiry (from the platform, Reply-To the supplier, the files attached by
 * the mailer, which holds them) and, unless a machine sent it (out of office), told in the bell.
 * A reply stored before (the event handed over again) does nothing; one naming a recipient the
 * tenant's inquiry does not have is dropped. Answers whether a mail was written to the outbox.
 * Quarantined mail never becomes this event, so it is never forwarded.
 */
export async function receiveReply(
  db: Kysely<InquiryDB>,
  event: MailerReplyReceivedEvent,
  logger: Logger,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const route = { tenantId: event.tenant_id, inquiryId: event.inquiry_id, recipientId: event.recipient_id };
    const recipient = await replyRecipient(trx, route);
    if (!recipient) {
      logger.warn({ reply_id: event.reply_id, ...route }, 'reply for an unknown recipient dropped');
      return false;
    }
    const receivedAt = new Date(event.received_at);
    const attachments = event.attachments.map(({ filename, content_type, size }) => ({
      filename,
      content_type,
      size,
    }));
    const stored = await insertMessage(trx, {
      id: event.reply_id,
      tenant_id: event.tenant_id,
      inquiry_id: event.inquiry_id,
      recipient_id: recipient.id,
      supplier_id: recipient.supplier_id,
      supplier_name: recipient.supplier_name,
      from_address: event.from.address,
      from_name: event.from.name,
      subject: event.subject,
      text: event.text,
      text_truncated: event.text_truncated,
      auto_submitted: event.auto_submitted,
      attachments,
      received_at: receivedAt,
    });
    if (!stored) return false;
    await recordAudit(trx, {
      tenantId: event.tenant_id,
      inquiryId: event.inquiry_id,
      actor: supplierActor(recipient),
      type: 'message_received',
      detail: {
        supplier_name: recipient.supplier_name,
        from: fromLine(event.from).slice(0, 200),
        subject: event.subject,
        attachment_count: attachments.length,
      },
      at: receivedAt,
    });
    const owner = recipient.user_id;
    if (!owner) return false;
    if (!event.auto_submitted)
      await notify(
        trx,
        [
          {
            tenantId: event.tenant_id,
            userId: owner,
            kind: 'supplier_message',
            inquiryId: event.inquiry_id,
            offerId: null,
            offerRevision: null,
            supplierName: recipient.supplier_name,
            eventKey: eventKeys.supplierMessage(event.reply_id),
          },
        ],
        new Date(),
      );
    const address = await traderAddress(trx, event.tenant_id, owner);
    if (!address) {
      logger.warn({ reply_id: event.reply_id }, 'reply not forwarded: no address known for the trader');
      return false;
    }
    const forward: MailSendJob = {
      type: 'mail.send',
      to: address.email,
      to_name: address.name,
      source: 'inquiry',
      tenant_id: event.tenant_id,
      reference: `message:${event.reply_id}`,
      // Answering the copy in any mail program reaches the supplier.
      reply_to: email.safeParse(event.from.address).success ? event.from.address : null,
      attach_reply_files: event.attachments.length > 0 ? event.reply_id : null,
      mail: {
        template: 'supplier-reply',
        data: {
          supplier_name: recipient.supplier_name,
          from: event.from,
          subject: event.subject,
          text: event.text,
          text_truncated: event.text_truncated,
          attachments,
          inquiry_id: event.inquiry_id,
          vessel_name: recipient.vessel_name,
          port_name: recipient.port_name,
        },
      },
    };
    await setForwardJob(trx, event.reply_id, await writeOutbox(trx, QUEUES.mailSend, forward));
    return true;
  });
}
