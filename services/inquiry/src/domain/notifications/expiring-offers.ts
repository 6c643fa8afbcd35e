import type { Kysely } from 'kysely';
import type { InquiryDB } from '../../data/db';
import { expiringOffers } from '../../data/notification-sources.repository';
import { offerExpiringWindow } from './alert-times';
import { eventKeys, notify } from './notify';

/** The most offers one check announces; more wait for the next check (seconds later). */
const MAX_EXPIRING_PER_CHECK = 500;

/**
 * The scheduled check: every offer still standing on an open inquiry whose validity ends within
 * the window is announced once per revision (a revision may set a new validity). Replicas running
 * it at once announce each offer once: the event's key is unique. Answers how many were found.
 */
export async function notifyExpiringOffers(db: Kysely<InquiryDB>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const offers = await expiringOffers(trx, offerExpiringWindow(now), MAX_EXPIRING_PER_CHECK);
    await notify(
      trx,
      offers.flatMap((o) =>
        o.user_id
          ? [
              {
                tenantId: o.tenant_id,
                userId: o.user_id,
                kind: 'offer_expiring' as const,
                inquiryId: o.inquiry_id,
                offerId: o.offer_id,
                offerRevision: o.revision,
                supplierName: o.supplier_name,
                eventKey: eventKeys.offerExpiring(o.offer_id, o.revision),
              },
            ]
          : [],
      ),
      now,
    );
    return offers.length;
  });
}
