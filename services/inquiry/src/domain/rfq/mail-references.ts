/** What a supplier mail's reference names, so its `mail.status` events find their row. */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const RECIPIENT_REFERENCE = new RegExp(`^${UUID}$`, 'i');
/** Notices (award, not awarded, cancelled) carry `notice:<id>`, so they never overwrite a delivery. */
const NOTICE_REFERENCE = new RegExp(`^notice:(${UUID})$`, 'i');

/** Mails whose reference is a recipient id: their delivery is the recipient's, shown on the Suppliers tab. */
const RECIPIENT_TEMPLATES = new Set(['rfq-invitation', 'rfq-amendment']);
/** Notices naming the recipient they went to, and the offer they are about. */
const RECIPIENT_NOTICES = new Set(['rfq-cancelled']);
const OFFER_NOTICES = new Set(['offer-awarded', 'offer-not-awarded']);

interface Referenced {
  template: string;
  reference?: string | null;
}

export type SupplierMail =
  | { kind: 'delivery'; recipientId: string }
  | { kind: 'recipient-notice'; recipientId: string }
  | { kind: 'offer-notice'; offerId: string };

/** The supplier mail an event is about, or null (a mail to our own user, or a reference of no shape we know). */
export function supplierMailOf(mail: Referenced): SupplierMail | null {
  if (!mail.reference) return null;
  if (RECIPIENT_TEMPLATES.has(mail.template))
    return RECIPIENT_REFERENCE.test(mail.reference)
      ? { kind: 'delivery', recipientId: mail.reference }
      : null;
  const notice = NOTICE_REFERENCE.exec(mail.reference)?.[1];
  if (!notice) return null;
  if (RECIPIENT_NOTICES.has(mail.template)) return { kind: 'recipient-notice', recipientId: notice };
  if (OFFER_NOTICES.has(mail.template)) return { kind: 'offer-notice', offerId: notice };
  return null;
}
