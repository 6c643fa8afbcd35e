import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NotificationKind } from '@mfd/contracts';
import { markWaiting } from '../../data/alert-mailboxes.repository';
import type { InquiryDB } from '../../data/db';
import { insertNotifications } from '../../data/notifications.repository';

/** Something a user is told about one of their inquiries; who, as `alertRecipient` answered. */
export interface NotificationEvent {
  tenantId: string;
  userId: string;
  kind: NotificationKind;
  inquiryId: string;
  offerId: string | null;
  offerRevision: number | null;
  supplierName: string | null;
  /** What caused it (`eventKeys`): an event already told is not told again. */
  eventKey: string;
}

/** The one name of each event, so a redelivery, a retry or a second replica tells it once. */
export const eventKeys = {
  offer: (offerId: string, revision: number) => `offer:${offerId}:${revision}`,
  offerExpiring: (offerId: string, revision: number) => `offer_expiring:${offerId}:${revision}`,
  mailFailed: (jobId: string) => `mail_failed:${jobId}`,
  mailBounced: (jobId: string) => `mail_bounced:${jobId}`,
  supplierMessage: (replyId: string) => `supplier_message:${replyId}`,
  declined: (recipientId: string, at: Date) => `declined:${recipientId}:${at.toISOString()}`,
};

/**
 * Tells users about events in the caller's transaction (the change that caused them): each
 * event's notification is written once, and its user's mailbox waits for an alert mail from now.
 */
export async function notify(trx: Kysely<InquiryDB>, events: NotificationEvent[], now: Date): Promise<void> {
  const written = await insertNotifications(
    trx,
    events.map((e) => ({
      id: randomUUID(),
      tenant_id: e.tenantId,
      user_id: e.userId,
      kind: e.kind,
      inquiry_id: e.inquiryId,
      offer_id: e.offerId,
      offer_revision: e.offerRevision,
      supplier_name: e.supplierName,
      event_key: e.eventKey,
      created_at: now,
    })),
  );
  await markWaiting(trx, written, now);
}
