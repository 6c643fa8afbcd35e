import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { declineInput } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { markDeclined, withdrawOffer } from '../../data/declines.repository';
import { findInquiry } from '../../data/inquiries.repository';
import { findSupplierOffer } from '../../data/offers.repository';
import { recordAudit, supplierActor } from '../audit';
import { notifyDeclined } from '../notifications/offer-events';
import { OfferNotFoundError } from './offer-errors';
import { assertOpen, linkRecipient } from './submit-offer';

export interface Declined {
  /** The supplier's standing offer was withdrawn by the decline. */
  offerWithdrawn: boolean;
}

/**
 * A supplier declines to quote through its personal link, under the inquiry's lock and while the
 * link is open: the decline is kept on its address, a standing offer of the supplier is withdrawn
 * (it no longer competes nor can be awarded), the trail records both and the trader is told. The
 * supplier may still offer while the link is open, which clears the decline.
 */
export async function declineByLink(
  db: Kysely<InquiryDB>,
  token: string,
  input: z.output<typeof declineInput>,
  now: Date,
): Promise<Declined> {
  const link = await linkRecipient(db, token);
  return db.transaction().execute(async (trx) => {
    const inquiry = await findInquiry(trx, link.tenant_id, link.inquiry_id, true);
    if (!inquiry) throw new OfferNotFoundError('link');
    await assertOpen(trx, link, inquiry, now);
    const offer = await findSupplierOffer(trx, link.tenant_id, link.inquiry_id, link.supplier_id);
    const withdrawn = offer?.status === 'submitted' ? offer : null;
    if (withdrawn) await withdrawOffer(trx, link.tenant_id, withdrawn.id, now);
    await markDeclined(trx, link.tenant_id, link.recipient_id, { ...input, at: now });
    await recordAudit(trx, {
      tenantId: link.tenant_id,
      inquiryId: link.inquiry_id,
      actor: supplierActor(link),
      type: 'offer_declined',
      detail: {
        supplier_name: link.supplier_name,
        email: link.email,
        reason: input.reason,
        remarks: input.remarks,
        withdrawn_revision: withdrawn?.revision ?? null,
      },
      changes: withdrawn ? { offer_status: { before: 'submitted', after: 'withdrawn' } } : {},
    });
    await notifyDeclined(
      trx,
      {
        tenantId: link.tenant_id,
        inquiryId: link.inquiry_id,
        recipientId: link.recipient_id,
        offerId: withdrawn?.id ?? null,
        revision: withdrawn?.revision ?? null,
        supplierName: link.supplier_name,
      },
      now,
    );
    return { offerWithdrawn: withdrawn !== null };
  });
}
