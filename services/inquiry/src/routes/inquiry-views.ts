import {
  canonicalDecimal,
  type InquiryDetail,
  type InquiryProductLine,
  type InquirySavings,
  type PendingChanges,
  type InquirySummary,
} from '@mfd/contracts';
import type { InquiryRow } from '../data/inquiries.repository';
import type { ProductLineRow } from '../data/product-lines.repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** numeric(10, 1) reads "500.0"; the API answers the canonical "500" as it takes it. */
const tonnes = (v: string) => canonicalDecimal(v) ?? v;

function toLine(l: ProductLineRow): InquiryProductLine {
  return {
    id: l.id,
    product_id: l.product_id,
    product_name: l.product_name,
    quantity_mt_min: tonnes(l.quantity_mt_min),
    quantity_mt_max: tonnes(l.quantity_mt_max),
    iso_spec: l.iso_spec,
  };
}

export function toSummary(inquiry: InquiryRow, lines: ProductLineRow[]): InquirySummary {
  return {
    id: inquiry.id,
    vessel_name: inquiry.vessel_name,
    imo: inquiry.imo,
    customer_name: inquiry.customer_name,
    port_name: inquiry.port_name,
    port_timezone: inquiry.port_timezone,
    eta: iso(inquiry.eta),
    status: inquiry.status,
    products: lines.map(toLine),
    products_count: lines.length,
    owner: { id: inquiry.owner_id, name: inquiry.owner_name },
    created_at: inquiry.created_at.toISOString(),
  };
}

export function toDetail(
  inquiry: InquiryRow,
  lines: ProductLineRow[],
  pending: PendingChanges | null,
  savings: InquirySavings | null,
): InquiryDetail {
  return {
    ...toSummary(inquiry, lines),
    trading_company_id: inquiry.tenant_id,
    customer_company_id: inquiry.customer_id,
    created_by: inquiry.created_by,
    port_id: inquiry.port_id,
    agent_name: inquiry.agent_name,
    agent_email: inquiry.agent_email,
    etb: iso(inquiry.etb),
    etd: iso(inquiry.etd),
    commentary: inquiry.commentary,
    supplier_notes: inquiry.supplier_notes,
    cancel_reason: inquiry.cancel_reason,
    updated_at: inquiry.updated_at.toISOString(),
    port_details:
      inquiry.port_name && inquiry.port_unlocode
        ? {
            name: inquiry.port_name,
            unlocode: inquiry.port_unlocode,
            country: inquiry.port_country ?? inquiry.port_unlocode.slice(0, 2),
            timezone: inquiry.port_timezone ?? 'UTC',
            region: inquiry.port_region,
          }
        : null,
    customer_details: inquiry.customer_name
      ? { legal_entity_name: inquiry.customer_name, general_email: inquiry.customer_email }
      : null,
    pending_changes: pending,
    savings,
  };
}
