import { canonicalDecimal, type AuditChanges, type auditValue } from '@mfd/contracts';
import type { z } from 'zod';

type AuditValue = z.infer<typeof auditValue>;
type Fields = Record<string, AuditValue>;

/** The fields whose value differs between two versions, each with its value before and after. */
export function changedFields(before: Fields, after: Fields): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key] ?? null;
    const now = after[key] ?? null;
    if (was !== now) changes[key] = { before: was, after: now };
  }
  return changes;
}

/** Every field becoming what it is: a thing added (a fuel line), from nothing. */
export const addedFields = (after: Fields): AuditChanges => changedFields({}, after);
/** Every field becoming nothing: a thing removed. */
export const removedFields = (before: Fields): AuditChanges => changedFields(before, {});

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A port as the trail names it: "Singapore (SGSIN)". */
export const portText = (name: string | null, unlocode: string | null) =>
  name && unlocode ? `${name} (${unlocode})` : name;
const tonnes = (v: string) => canonicalDecimal(v) ?? v;

/** An inquiry's own fields as the trail compares them: names as shown, times as ISO 8601 instants. */
export function inquiryFields(inquiry: {
  customer_name: string | null;
  port_name: string | null;
  port_unlocode: string | null;
  vessel_name: string;
  imo: string | null;
  agent_name: string | null;
  agent_email: string | null;
  eta: Date | null;
  etb: Date | null;
  etd: Date | null;
  commentary: string | null;
  supplier_notes: string | null;
  selling_terms: string | null;
}): Fields {
  return {
    customer: inquiry.customer_name,
    port: portText(inquiry.port_name, inquiry.port_unlocode),
    vessel_name: inquiry.vessel_name,
    imo: inquiry.imo,
    agent_name: inquiry.agent_name,
    agent_email: inquiry.agent_email,
    eta: iso(inquiry.eta),
    etb: iso(inquiry.etb),
    etd: iso(inquiry.etd),
    commentary: inquiry.commentary,
    supplier_notes: inquiry.supplier_notes,
    selling_terms: inquiry.selling_terms,
  };
}

/** A fuel line's fields as the trail compares them: tonnes as canonical decimals ("500", not "500.0"). */
export function lineFields(line: {
  product_name: string;
  iso_spec: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
}): Fields {
  return {
    product_name: line.product_name,
    iso_spec: line.iso_spec,
    quantity_mt_min: tonnes(line.quantity_mt_min),
    quantity_mt_max: tonnes(line.quantity_mt_max),
  };
}
