import type { Kysely } from 'kysely';
import type { InquiryDB } from '../../data/db';
import { inquiryAlertRecipient } from '../../data/notification-sources.repository';
import { eventKeys, notify } from './notify';

/**
 * A submission of an offer, in its transaction: the trader told about the inquiry hears of the
 * first submission as a new offer and of each later one as a revision. A trader who recorded an
 * offer taken by phone is not told what they just typed in.
 */
export async function notifyOfferSaved(
  trx: Kysely<InquiryDB>,
  offer: {
    tenantId: string;
    inquiryId: string;
    offerId: string;
    revision: number;
    supplierName: string;
    recordedBy: string | null;
  },
  now: Date,
): Promise<void> {
  const userId = await inquiryAlertRecipient(trx, offer.tenantId, offer.inquiryId);
  if (!userId || userId === offer.recordedBy) return;
  await notify(
    trx,
    [
      {
        tenantId: offer.tenantId,
        userId,
        kind: offer.revision === 1 ? 'offer_submitted' : 'offer_revised',
        inquiryId: offer.inquiryId,
        offerId: offer.offerId,
        offerRevision: offer.revision,
        supplierName: offer.supplierName,
        eventKey: eventKeys.offer(offer.offerId, offer.revision),
      },
    ],
    now,
  );
}

/**
 * A supplier declined to quote, in its transaction: the trader told about the inquiry hears of it
 * (with the offer it withdrew, if it had one).
 */
export async function notifyDeclined(
  trx: Kysely<InquiryDB>,
  decline: {
    tenantId: string;
    inquiryId: string;
    recipientId: string;
    offerId: string | null;
    revision: number | null;
    supplierName: string;
  },
  now: Date,
): Promise<void> {
  const userId = await inquiryAlertRecipient(trx, decline.tenantId, decline.inquiryId);
  if (!userId) return;
  await notify(
    trx,
    [
      {
        tenantId: decline.tenantId,
        userId,
        kind: 'offer_declined',
        inquiryId: decline.inquiryId,
        offerId: decline.offerId,
        offerRevision: decline.revision,
        supplierName: decline.supplierName,
        eventKey: eventKeys.declined(decline.recipientId, now),
      },
    ],
    now,
  );
}
