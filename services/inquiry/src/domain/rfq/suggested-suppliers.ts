import type { Kysely } from 'kysely';
import type { RecipientDelivery, SuggestedSupplier, Supplier } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { findInquiry } from '../../data/inquiries.repository';
import { recipientsOfInquiry, type RecipientWithOffer } from '../../data/recipients.repository';
import { InquiryNotFoundError } from '../inquiries';
import type { SupplierLookups } from './supplier-lookups';

function delivery(r: RecipientWithOffer): RecipientDelivery {
  return {
    recipient_id: r.id,
    contact_id: r.contact_id,
    email: r.email,
    sent_at: r.last_sent_at.toISOString(),
    send_count: r.send_count,
    mail_status: r.mail_status,
    mail_attempts: r.mail_attempts,
    mail_error: r.mail_error,
    reply_by: r.reply_by.toISOString(),
    has_offer: Boolean(r.has_offer),
    declined_at: r.declined_at?.toISOString() ?? null,
    decline_reason: r.decline_reason,
    decline_remarks: r.decline_remarks,
    reminder: r.remind_at
      ? {
          due_at: r.remind_at.toISOString(),
          state: r.reminder_state,
          at: r.reminded_at?.toISOString() ?? null,
          note: r.reminder_note,
        }
      : null,
  };
}

/**
 * The suppliers the trader may send the inquiry to: the tenant's active suppliers covering its
 * port, or with `all` every active supplier; each says where the inquiry already went and how
 * that mail was delivered.
 */
export async function suggestedSuppliers(
  db: Kysely<InquiryDB>,
  lookups: SupplierLookups,
  tenantId: string,
  inquiryId: string,
  all: boolean,
): Promise<SuggestedSupplier[]> {
  const inquiry = await findInquiry(db, tenantId, inquiryId);
  if (!inquiry) throw new InquiryNotFoundError('inquiry');
  const portId = inquiry.port_id;
  const recipients = await recipientsOfInquiry(db, tenantId, inquiryId);
  const listed = await (all
    ? lookups.active()
    : portId
      ? lookups.coveringPort(portId)
      : Promise.resolve([] as Supplier[]));
  // A supplier the inquiry already went to stays in the list (with its delivery) even when it no
  // longer covers the port or was deactivated since.
  const listedIds = new Set(listed.map((s) => s.id));
  const missing = [...new Set(recipients.map((r) => r.supplier_id))].filter((id) => !listedIds.has(id));
  const suppliers = [...listed, ...(await lookups.byIds(missing))];
  const sent = new Map<string, RecipientDelivery[]>();
  for (const r of recipients) sent.set(r.supplier_id, [...(sent.get(r.supplier_id) ?? []), delivery(r)]);
  return suppliers.map((s) => ({
    id: s.id,
    trading_name: s.trading_name,
    default_email: s.default_email,
    email_status: s.email_status,
    email_bounced_at: s.email_bounced_at,
    status: s.status,
    tags: s.tags,
    covers_port: portId !== null && s.ports.some((p) => p.id === portId),
    contacts: s.contacts.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      is_primary: c.is_primary,
      email_status: c.email_status,
      email_bounced_at: c.email_bounced_at,
    })),
    sent: sent.get(s.id) ?? [],
  }));
}
