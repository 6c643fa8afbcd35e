import type { OfferSubmission } from '@mfd/contracts';
import type { OfferFigures } from './offer-pricing';

/** A fuel line as the supplier was asked for it. */
interface AskedLine {
  product_name: string;
  iso_spec: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
}

/**
 * A submission as its revision keeps it, for disputes over what was offered when: names and
 * quantities travel with it, so a later amendment of the inquiry does not rewrite an old revision's
 * meaning or total.
 */
export function revisionContent(
  offerer: {
    source: 'link' | 'manual';
    supplierId: string;
    supplierName: string;
    supplierEmail: string;
    recordedBy: string | null;
  },
  inquiryRevision: number,
  asked: Map<string, AskedLine>,
  input: OfferSubmission,
  figures: OfferFigures,
) {
  return {
    source: offerer.source,
    supplier_id: offerer.supplierId,
    supplier_name: offerer.supplierName,
    supplier_email: offerer.supplierEmail,
    recorded_by: offerer.recordedBy,
    inquiry_revision: inquiryRevision,
    lines: input.lines.map((line) => {
      const { product_name, iso_spec, quantity_mt_min, quantity_mt_max } = asked.get(line.product_line_id)!;
      return { ...line, product_name, iso_spec, quantity_mt_min, quantity_mt_max };
    }),
    charges: figures.charges,
    payment: input.payment,
    payment_terms: input.payment_terms,
    valid_until: input.valid_until,
    remarks: input.remarks,
    fuel_cost: figures.fuel_cost,
    charges_cost: figures.charges_cost,
    total_landed_cost: figures.total_landed_cost,
    all_in_per_mt: figures.all_in_per_mt,
    total_stem_cost: figures.total_landed_cost,
    indicative: figures.indicative,
    partial: figures.partial,
  };
}
