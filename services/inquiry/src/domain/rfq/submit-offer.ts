import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FieldError, OfferSubmission } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { listIndexValues } from '../../data/index-values.repository';
import { findInquiry, updateInquiry, type InquiryRow } from '../../data/inquiries.repository';
import { clearDeclines } from '../../data/declines.repository';
import { insertCharges } from '../../data/offer-charges.repository';
import { replaceOfferLines } from '../../data/offer-lines.repository';
import { findLinkRecipient, firstRecipientOf, type LinkRecipient } from '../../data/offer-links.repository';
import { findSupplierOffer, insertRevision, saveOffer, type OfferRow } from '../../data/offers.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import { supplierActor, userActor, type AuditActor } from '../audit';
import type { Caller } from '../inquiries';
import { nextStatus } from '../inquiry-lifecycle';
import { recordOfferAudit } from './offer-audit';
import { notifyOfferSaved } from '../notifications/offer-events';
import { nextOfferStatus } from './offer-lifecycle';
import { OfferInputError, OfferLinkClosedError, OfferNotFoundError } from './offer-errors';
import { offerLinkState } from './offer-link-state';
import { offerTokenHash } from './offer-link-token';
import { priceOffer } from './offer-pricing';
import { revisionContent } from './revision-content';
import { checkValidity } from './offer-validity';

/** Who an offer is from, and how it came in. */
interface Offerer {
  supplierId: string;
  supplierName: string;
  supplierEmail: string;
  recipientId: string | null;
  source: 'link' | 'manual';
  recordedBy: string | null;
  /** Who the audit trail names: the supplier through its link, or the trader who recorded it. */
  actor: AuditActor;
}

export interface SavedOffer {
  offerId: string;
  revision: number;
}

/**
 * Writes one submission under the inquiry's row lock: the offer (created or revised), its lines,
 * the revision's charges, the revision as it was made, the inquiry moved to quoting, the
 * supplier's declines cleared, and the trader's notification. Each
 * priced line must be a line of this inquiry as it stands now (read under the lock, so a line
 * removed meanwhile is refused); the schema already held each charge to the lines priced.
 */
async function writeOffer(
  trx: Kysely<InquiryDB>,
  inquiry: InquiryRow,
  offerer: Offerer,
  input: OfferSubmission,
  now: Date,
): Promise<SavedOffer> {
  const requested = (await linesByInquiry(trx, inquiry.tenant_id, [inquiry.id])).get(inquiry.id) ?? [];
  const byId = new Map(requested.map((l) => [l.id, l]));
  const errors: FieldError[] = [];
  input.lines.forEach((line, i) => {
    if (!byId.has(line.product_line_id))
      errors.push({
        field: `lines.${i}.product_line_id`,
        message: 'Fuel line is not a line of this inquiry',
      });
  });
  if (errors.length) throw new OfferInputError(errors);

  const existing = await findSupplierOffer(trx, inquiry.tenant_id, inquiry.id, offerer.supplierId);
  const status = nextOfferStatus(existing?.status ?? 'draft', 'submit');
  const inquiryStatus = nextStatus(inquiry.status, 'receive_offer');
  const figures = priceOffer(
    requested,
    input.lines,
    input.charges,
    await listIndexValues(trx, inquiry.tenant_id, inquiry.id),
  );
  const saved = await saveOffer(trx, randomUUID(), {
    tenant_id: inquiry.tenant_id,
    inquiry_id: inquiry.id,
    supplier_id: offerer.supplierId,
    supplier_name: offerer.supplierName,
    supplier_email: offerer.supplierEmail,
    recipient_id: offerer.recipientId,
    source: offerer.source,
    recorded_by: offerer.recordedBy,
    status,
    submitted_at: now,
    inquiry_revision: inquiry.revision,
    round: inquiry.round,
    payment_method: input.payment?.method ?? null,
    payment_days: input.payment?.days ?? null,
    payment_basis: input.payment?.basis ?? null,
    payment_terms: input.payment_terms,
    valid_until: new Date(input.valid_until),
    remarks: input.remarks,
  });
  await replaceOfferLines(trx, inquiry.tenant_id, saved.id, input.lines);
  await insertCharges(trx, inquiry.tenant_id, saved.id, saved.revision, input.charges);
  await insertRevision(trx, {
    offer_id: saved.id,
    revision: saved.revision,
    tenant_id: inquiry.tenant_id,
    source: offerer.source,
    submitted_at: now,
    round: inquiry.round,
    content: revisionContent(offerer, inquiry.revision, byId, input, figures),
  });
  if (inquiryStatus !== inquiry.status)
    await updateInquiry(trx, inquiry.tenant_id, inquiry.id, { status: inquiryStatus });
  // An offer after a decline answers the inquiry after all: the decline no longer stands.
  await clearDeclines(trx, inquiry.tenant_id, inquiry.id, offerer.supplierId);
  await recordOfferAudit(trx, { ...offerer, inquiry, inquiryStatus, saved, figures });
  await notifyOfferSaved(
    trx,
    {
      tenantId: inquiry.tenant_id,
      inquiryId: inquiry.id,
      offerId: saved.id,
      revision: saved.revision,
      supplierName: offerer.supplierName,
      recordedBy: offerer.recordedBy,
    },
    now,
  );
  return { offerId: saved.id, revision: saved.revision };
}

/** The recipient behind a token, or 404: malformed and unknown tokens are told apart by nobody. */
export async function linkRecipient(db: Kysely<InquiryDB>, token: string): Promise<LinkRecipient> {
  const link = await findLinkRecipient(db, offerTokenHash(token));
  if (!link) throw new OfferNotFoundError('link');
  return link;
}

/** What a link allows now, from the link, its inquiry and the supplier's offer as they are. */
export const linkStateOf = (
  link: LinkRecipient,
  inquiry: InquiryRow,
  offer: OfferRow | undefined,
  now: Date,
) =>
  offerLinkState({
    superseded: link.superseded_at !== null,
    inquiryStatus: inquiry.status,
    inquiryRound: inquiry.round,
    replyBy: link.reply_by,
    offer: offer
      ? { status: offer.status, validUntil: offer.valid_until, shortlistedRound: offer.shortlisted_round }
      : null,
    now,
  });

/** Refuses (410) a link that no longer takes offers, read from the inquiry and offer as they are now. */
export async function assertOpen(db: Kysely<InquiryDB>, link: LinkRecipient, inquiry: InquiryRow, now: Date) {
  const offer = await findSupplierOffer(db, link.tenant_id, link.inquiry_id, link.supplier_id);
  const state = linkStateOf(link, inquiry, offer, now);
  if (state !== 'open')
    throw new OfferLinkClosedError(state, { name: link.sender_name, company: link.sender_company });
}

/** Fails early (404, 410) before the body is looked at, so a closed link says why and nothing else. */
export async function assertLinkOpen(db: Kysely<InquiryDB>, token: string, now: Date): Promise<void> {
  const link = await linkRecipient(db, token);
  const inquiry = await findInquiry(db, link.tenant_id, link.inquiry_id);
  if (!inquiry) throw new OfferNotFoundError('link');
  await assertOpen(db, link, inquiry, now);
}

/**
 * A supplier's submission through its personal link. The link's state is checked again under the
 * inquiry's lock: an award or cancellation that won the race closes it for this submission too.
 */
export async function submitByLink(
  db: Kysely<InquiryDB>,
  token: string,
  input: OfferSubmission,
  now: Date,
): Promise<SavedOffer> {
  const link = await linkRecipient(db, token);
  checkValidity(input, now);
  return db.transaction().execute(async (trx) => {
    const inquiry = await findInquiry(trx, link.tenant_id, link.inquiry_id, true);
    if (!inquiry) throw new OfferNotFoundError('link');
    await assertOpen(trx, link, inquiry, now);
    return writeOffer(
      trx,
      inquiry,
      {
        supplierId: link.supplier_id,
        supplierName: link.supplier_name,
        supplierEmail: link.email,
        recipientId: link.recipient_id,
        source: 'link',
        recordedBy: null,
        actor: supplierActor(link),
      },
      input,
      now,
    );
  });
}

/** The supplier of the directory a recorded offer is for, as the caller's directory answered it. */
export interface DirectorySupplier {
  id: string;
  trading_name: string;
  default_email: string;
}

/** Fails early (404, 409) before the directory is asked about the supplier. */
export async function assertTakesOffers(db: Kysely<InquiryDB>, caller: Caller, inquiryId: string) {
  const inquiry = await findInquiry(db, caller.tenantId, inquiryId);
  if (!inquiry) throw new OfferNotFoundError('inquiry');
  nextStatus(inquiry.status, 'receive_offer');
}

/**
 * An offer the trader received by phone or mail. It revises the supplier's offer if there is one
 * (keeping the address it came from); a supplier the inquiry was sent to keeps its response time
 * counted from that mail. The reply-by does not bind the trader, who may take a late offer.
 */
export async function recordOffer(
  db: Kysely<InquiryDB>,
  caller: Caller,
  inquiryId: string,
  supplier: DirectorySupplier,
  input: OfferSubmission,
  now: Date,
): Promise<SavedOffer> {
  checkValidity(input, now);
  return db.transaction().execute(async (trx) => {
    const inquiry = await findInquiry(trx, caller.tenantId, inquiryId, true);
    if (!inquiry) throw new OfferNotFoundError('inquiry');
    const existing = await findSupplierOffer(trx, caller.tenantId, inquiryId, supplier.id);
    const recipient = existing?.recipient_id
      ? null
      : await firstRecipientOf(trx, caller.tenantId, inquiryId, supplier.id);
    return writeOffer(
      trx,
      inquiry,
      {
        supplierId: supplier.id,
        supplierName: supplier.trading_name,
        supplierEmail: existing?.supplier_email ?? recipient?.email ?? supplier.default_email,
        recipientId: existing?.recipient_id ?? recipient?.id ?? null,
        source: 'manual',
        recordedBy: caller.userId,
        actor: userActor(caller),
      },
      input,
      now,
    );
  });
}
