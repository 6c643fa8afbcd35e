import type { Kysely } from 'kysely';
import { ACTIVE_INQUIRY_STATUSES, type PendingChanges } from '@mfd/contracts';
import type { InquiryDB, SentVersion } from '../../data/db';
import type { InquiryRow } from '../../data/inquiries.repository';
import { countRecipients } from '../../data/recipients.repository';
import { amendmentChanges, changedFacts, type FactsLine, type SupplierFacts } from './amendments';

const at = (iso: string | null) => (iso ? new Date(iso) : null);

/** The inquiry's supplier-facing facts as they stand, with its fuel lines. */
export function currentFacts(inquiry: InquiryRow, lines: FactsLine[]): SupplierFacts {
  return {
    vessel_name: inquiry.vessel_name,
    imo: inquiry.imo,
    port_name: inquiry.port_name,
    port_unlocode: inquiry.port_unlocode,
    port_timezone: inquiry.port_timezone,
    eta: inquiry.eta,
    etb: inquiry.etb,
    etd: inquiry.etd,
    selling_terms: inquiry.selling_terms,
    supplier_notes: inquiry.supplier_notes,
    lines: lines.map(({ id, product_name, iso_spec, quantity_mt_min, quantity_mt_max }) => ({
      id,
      product_name,
      iso_spec,
      quantity_mt_min,
      quantity_mt_max,
    })),
  };
}

/** The facts as the inquiry's sent version stores them. */
export function versionOf(facts: SupplierFacts): SentVersion {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return { ...facts, eta: iso(facts.eta), etb: iso(facts.etb), etd: iso(facts.etd) };
}

/** The inquiry as its suppliers were last told it, or as it stands while it was never sent. */
export function sentFacts(inquiry: InquiryRow, lines: FactsLine[]): SupplierFacts {
  const sent = inquiry.sent_version;
  if (!sent) return currentFacts(inquiry, lines);
  return { ...sent, eta: at(sent.eta), etb: at(sent.etb), etd: at(sent.etd) };
}

/**
 * The edits its suppliers have not been told of, as the detail shows them: null for an inquiry
 * never sent, closed, or whose suppliers have it as it stands.
 */
export async function pendingChanges(
  db: Kysely<InquiryDB>,
  inquiry: InquiryRow,
  lines: FactsLine[],
): Promise<PendingChanges | null> {
  if (!inquiry.sent_version || !(ACTIVE_INQUIRY_STATUSES as readonly string[]).includes(inquiry.status))
    return null;
  const before = sentFacts(inquiry, lines);
  const after = currentFacts(inquiry, lines);
  const changes = amendmentChanges(before, after);
  if (changes.length === 0) return null;
  const recipients = await countRecipients(db, inquiry.tenant_id, inquiry.id);
  return { ...changedFacts(before, after), recipients, changes };
}
