import type { Kysely } from 'kysely';
import { OFFERS_SEALED_MESSAGE, type OfferSealView } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { findInquiry, type InquiryRow } from '../../data/inquiries.repository';
import { supplierAnswers } from '../../data/offer-seal.repository';
import { OfferNotFoundError } from './offer-errors';
import { offerSealState } from './offer-seal-rule';

/** An award, or a look at prices, while the offers are sealed (409). */
export class OffersSealedError extends Error {
  constructor() {
    super(OFFERS_SEALED_MESSAGE);
  }
}

/** Whether the inquiry's offers are sealed now, read as they stand (in the caller's transaction, if any). */
export async function offerSeal(
  db: Kysely<InquiryDB>,
  inquiry: Pick<InquiryRow, 'tenant_id' | 'id' | 'offers_sealed'>,
  now: Date,
): Promise<OfferSealView> {
  const suppliers = await supplierAnswers(db, inquiry.tenant_id, inquiry.id);
  return offerSealState(
    {
      sealed: inquiry.offers_sealed,
      suppliers: suppliers.map((s) => ({ replyBy: s.reply_by, answered: s.answered })),
    },
    now,
  );
}

/**
 * Refuses (409) what must wait for sealed offers to open: every award, and every view of their
 * prices. Called under the inquiry's lock where it guards a change.
 */
export async function assertUnsealed(
  db: Kysely<InquiryDB>,
  inquiry: Pick<InquiryRow, 'tenant_id' | 'id' | 'offers_sealed'>,
  now: Date,
): Promise<void> {
  if (await sealedNow(db, inquiry, now)) throw new OffersSealedError();
}

/** Whether the offers are sealed now: offers no distribution sealed are open without a read. */
export async function sealedNow(
  db: Kysely<InquiryDB>,
  inquiry: Pick<InquiryRow, 'tenant_id' | 'id' | 'offers_sealed'>,
  now: Date,
): Promise<boolean> {
  return inquiry.offers_sealed && (await offerSeal(db, inquiry, now)).sealed;
}

/** The seal of one of the tenant's inquiries, for the Offers tab; another company's is a 404. */
export async function inquirySeal(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  now: Date,
): Promise<OfferSealView> {
  const inquiry = await findInquiry(db, tenantId, inquiryId);
  if (!inquiry) throw new OfferNotFoundError('inquiry');
  return offerSeal(db, inquiry, now);
}
