import { canonicalDecimal, type RfqMailFacts } from '@mfd/contracts';
import type { SupplierFacts } from './amendments';

interface Line {
  product_name: string;
  iso_spec: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
}

/**
 * The inquiry as suppliers may see it, for every RFQ mail: never the customer nor the internal
 * notes. Takes the inquiry as it stands or as it was last sent.
 */
export function rfqFacts(inquiry: Omit<SupplierFacts, 'lines'>, lines: Line[]): RfqMailFacts {
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  return {
    vessel_name: inquiry.vessel_name,
    imo: inquiry.imo,
    port_name: inquiry.port_name,
    port_unlocode: inquiry.port_unlocode,
    port_timezone: inquiry.port_timezone,
    eta: iso(inquiry.eta),
    etb: iso(inquiry.etb),
    etd: iso(inquiry.etd),
    selling_terms: inquiry.selling_terms,
    supplier_notes: inquiry.supplier_notes,
    products: lines.map((l) => ({
      product_name: l.product_name,
      iso_spec: l.iso_spec,
      // numeric(10,1) reads "500.0"; mails show "500".
      quantity_mt_min: canonicalDecimal(l.quantity_mt_min) ?? l.quantity_mt_min,
      quantity_mt_max: canonicalDecimal(l.quantity_mt_max) ?? l.quantity_mt_max,
    })),
  };
}
