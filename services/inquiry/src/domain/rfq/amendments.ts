import type { Kysely } from 'kysely';
import { canonicalDecimal, formatPortAndUtc, type rfqChange } from '@mfd/contracts';
import type { z } from 'zod';
import type { InquiryDB } from '../../data/db';
import { findInquiry, updateInquiry, type InquiryRow } from '../../data/inquiries.repository';
import { linesByInquiry } from '../../data/product-lines.repository';
import { recipientsOfInquiry } from '../../data/recipients.repository';
import { writeLinkMails } from './recipient-mail';
import { rfqFacts } from './rfq-facts';
import type { NoticeSource } from './supplier-mail-gate';

export type RfqChange = z.infer<typeof rfqChange>;

interface FactsLine {
  id: string;
  product_name: string;
  iso_spec: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
}

/** What a supplier was told of an inquiry; an edit of anything else (customer, agent, notes) is not theirs. */
export interface SupplierFacts {
  vessel_name: string;
  imo: string | null;
  port_name: string | null;
  port_unlocode: string | null;
  port_timezone: string | null;
  eta: Date | null;
  etb: Date | null;
  etd: Date | null;
  selling_terms: string | null;
  lines: FactsLine[];
}

/** The mail takes this many changes; beyond them, the inquiry it carries shows the rest. */
const MAX_CHANGES = 50;

const tonnes = (v: string) => canonicalDecimal(v) ?? v;
const quantity = (l: FactsLine) => `${tonnes(l.quantity_mt_min)}–${tonnes(l.quantity_mt_max)} MT`;
const lineText = (l: FactsLine) => `${quantity(l)} (${l.iso_spec})`;
const port = (f: SupplierFacts) =>
  f.port_name ? (f.port_unlocode ? `${f.port_name} (${f.port_unlocode})` : f.port_name) : 'None';
const time = (at: Date | null, zone: string | null) => formatPortAndUtc(at?.toISOString() ?? null, zone);

function lineChanges(before: FactsLine[], after: FactsLine[]): RfqChange[] {
  const changes: RfqChange[] = [];
  const afterById = new Map(after.map((l) => [l.id, l]));
  const beforeIds = new Set(before.map((l) => l.id));
  for (const was of before) {
    const now = afterById.get(was.id);
    if (!now) {
      changes.push({ label: `${was.product_name} line`, before: lineText(was), after: 'Removed' });
      continue;
    }
    if (now.product_name !== was.product_name)
      changes.push({ label: 'Fuel grade', before: was.product_name, after: now.product_name });
    if (quantity(now) !== quantity(was))
      changes.push({ label: `${now.product_name} quantity`, before: quantity(was), after: quantity(now) });
    if (now.iso_spec !== was.iso_spec)
      changes.push({ label: `${now.product_name} ISO spec`, before: was.iso_spec, after: now.iso_spec });
  }
  for (const added of after.filter((l) => !beforeIds.has(l.id)))
    changes.push({ label: `${added.product_name} line`, before: 'Not requested', after: lineText(added) });
  return changes;
}

/**
 * What changed for the suppliers between two versions of an inquiry, each side formatted as the
 * mail shows it: times in port time and UTC (each side in its own port's zone), quantities as
 * min–max MT. Lines are matched by id, so a line edited in place reads as changed, not replaced.
 */
export function amendmentChanges(before: SupplierFacts, after: SupplierFacts): RfqChange[] {
  const changes: RfqChange[] = [];
  const text = (label: string, was: string | null, now: string | null) => {
    if ((was ?? '') !== (now ?? '')) changes.push({ label, before: was ?? 'None', after: now ?? 'None' });
  };
  text('Vessel', before.vessel_name, after.vessel_name);
  text('IMO', before.imo, after.imo);
  if (port(before) !== port(after)) changes.push({ label: 'Port', before: port(before), after: port(after) });
  for (const [label, key] of [
    ['ETA', 'eta'],
    ['ETB', 'etb'],
    ['ETD', 'etd'],
  ] as const)
    if ((before[key]?.getTime() ?? null) !== (after[key]?.getTime() ?? null))
      changes.push({
        label,
        before: time(before[key], before.port_timezone),
        after: time(after[key], after.port_timezone),
      });
  text('Selling terms', before.selling_terms, after.selling_terms);
  changes.push(...lineChanges(before.lines, after.lines));
  return changes.slice(0, MAX_CHANGES);
}

const factsOf = (inquiry: InquiryRow, lines: FactsLine[]): SupplierFacts => ({ ...inquiry, lines });

/** The inquiry's supplier-facing facts now, read inside the change's transaction. */
export async function supplierFacts(trx: Kysely<InquiryDB>, inquiry: InquiryRow): Promise<SupplierFacts> {
  const lines = await linesByInquiry(trx, inquiry.tenant_id, [inquiry.id]);
  return factsOf(inquiry, lines.get(inquiry.id) ?? []);
}

/**
 * After an edit, in its transaction: when the inquiry has been sent and the edit changed what
 * suppliers were told, the supplier mail gate admits the amendments, the revision goes up and
 * every address it went to gets an amendment with the changes and a new personal link (its
 * reply-by unchanged). A draft, or an edit of anything suppliers never saw, sends nothing.
 * Answers the number of amendment mails written.
 */
export async function amendIfSent(
  trx: Kysely<InquiryDB>,
  notices: NoticeSource,
  before: SupplierFacts,
  tenantId: string,
  inquiryId: string,
): Promise<number> {
  const recipients = await recipientsOfInquiry(trx, tenantId, inquiryId);
  if (recipients.length === 0) return 0;
  const inquiry = await findInquiry(trx, tenantId, inquiryId);
  if (!inquiry) return 0;
  const lines = (await linesByInquiry(trx, tenantId, [inquiryId])).get(inquiryId) ?? [];
  const changes = amendmentChanges(before, factsOf(inquiry, lines));
  if (changes.length === 0) return 0;
  const sender = await notices.gate.admit(recipients.map((r) => r.email));
  await updateInquiry(trx, tenantId, inquiryId, { revision: inquiry.revision + 1, amended_at: new Date() });
  const rfq = rfqFacts(inquiry, lines);
  await writeLinkMails(trx, { secrets: notices.secrets, sender }, recipients, rfq, {
    template: 'rfq-amendment',
    changes,
  });
  return recipients.length;
}
