import type { MailStatus, RecipientDelivery, SuggestedSupplier } from '@mfd/contracts';

/** One address of a supplier the inquiry can go to: its default e-mail or one of its contacts. */
export interface SupplierAddress {
  key: string;
  supplierId: string;
  contactId: string | null;
  email: string;
  label: string;
  /** When mail to this address last hard-bounced (the directory's flag); null while it is fine. */
  bouncedAt: string | null;
  /** The delivery of this inquiry to this address, once sent. */
  sent: RecipientDelivery | null;
}

const IN_FLIGHT: readonly MailStatus[] = ['queued', 'sending', 'retrying'];

export const addressKey = (supplierId: string, contactId: string | null) =>
  `${supplierId}|${contactId ?? ''}`;

/** A selection key back into the recipient the distribute call takes. */
export function recipientOf(key: string): { supplier_id: string; contact_id: string | null } {
  const [supplierId = '', contactId = ''] = key.split('|');
  return { supplier_id: supplierId, contact_id: contactId || null };
}

/** The default e-mail first, then each contact; a contact repeating the default address is left out. */
export function supplierAddresses(supplier: SuggestedSupplier): SupplierAddress[] {
  const sentTo = (contactId: string | null) => supplier.sent.find((r) => r.contact_id === contactId) ?? null;
  const seen = new Set([supplier.default_email.toLowerCase()]);
  const contacts = supplier.contacts.filter((c) => {
    const email = c.email.toLowerCase();
    if (seen.has(email) && !sentTo(c.id)) return false;
    seen.add(email);
    return true;
  });
  return [
    {
      key: addressKey(supplier.id, null),
      supplierId: supplier.id,
      contactId: null,
      email: supplier.default_email,
      label: 'Default e-mail',
      bouncedAt: supplier.email_status === 'bounced' ? supplier.email_bounced_at : null,
      sent: sentTo(null),
    },
    ...contacts.map((c) => ({
      key: addressKey(supplier.id, c.id),
      supplierId: supplier.id,
      contactId: c.id,
      email: c.email,
      label: c.is_primary ? `${c.name} (primary contact)` : c.name,
      bouncedAt: c.email_status === 'bounced' ? c.email_bounced_at : null,
      sent: sentTo(c.id),
    })),
  ];
}

/** Whether a mail of this inquiry is still queued, being sent or retried (so its status will change). */
export function hasMailInFlight(suppliers: SuggestedSupplier[] | undefined): boolean {
  return (suppliers ?? []).some((s) => s.sent.some((r) => IN_FLIGHT.includes(r.mail_status)));
}

export const isInFlight = (delivery: RecipientDelivery) => IN_FLIGHT.includes(delivery.mail_status);

/** The words before the time the trader sent it: "queued" until the mailer is done, never "sent" early. */
export function sentLabel(delivery: RecipientDelivery): string {
  const verb = isInFlight(delivery) ? 'queued' : 'sent';
  return delivery.send_count > 1 ? `${verb} ${delivery.send_count} times, last` : verb;
}

/** Search by trading name or any of the supplier's e-mail addresses, ignoring case. */
export function matchesSearch(supplier: SuggestedSupplier, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [supplier.trading_name, supplier.default_email, ...supplier.contacts.map((c) => c.email)].some((v) =>
    v.toLowerCase().includes(q),
  );
}

/** Where ticking a supplier sends the inquiry: its first address not yet sent (the default e-mail unless it has it). */
const firstUnsent = (supplier: SuggestedSupplier) => supplierAddresses(supplier).find((a) => !a.sent);

/**
 * The supplier-level checkbox: ticking a supplier picks its first address not yet sent; unticking
 * drops all of its addresses.
 */
export function toggleSupplier(selected: ReadonlySet<string>, supplier: SuggestedSupplier): Set<string> {
  const next = new Set(selected);
  const chosen = supplierAddresses(supplier).filter((a) => next.has(a.key));
  if (chosen.length > 0) chosen.forEach((a) => next.delete(a.key));
  else {
    const first = firstUnsent(supplier);
    if (first) next.add(first.key);
  }
  return next;
}

/**
 * "Select all": every listed supplier is ticked as its own checkbox would tick it; one with an
 * address chosen already keeps its choice, and one that has the inquiry at every address stays out.
 */
export function selectAll(selected: ReadonlySet<string>, listed: SuggestedSupplier[]): Set<string> {
  const next = new Set(selected);
  for (const supplier of listed) {
    if (supplierAddresses(supplier).some((a) => next.has(a.key))) continue;
    const first = firstUnsent(supplier);
    if (first) next.add(first.key);
  }
  return next;
}

/** The chosen addresses that bounced before: the trader is asked before the inquiry goes to them. */
export function bouncedAmong(keys: Iterable<string>, suppliers: SuggestedSupplier[]): SupplierAddress[] {
  const chosen = new Set(keys);
  return suppliers.flatMap((s) =>
    supplierAddresses(s).filter((a) => chosen.has(a.key) && a.bouncedAt !== null),
  );
}
