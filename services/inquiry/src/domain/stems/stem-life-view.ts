import type { Kysely } from 'kysely';
import type { ClaimView, DocumentType, Pricing, StemLifeView } from '@mfd/contracts';
import type { PricedCharge } from '@mfd/pricing';
import { deliveryVariances, expectedInvoice, invoiceDifference, VARIANCE_CLAIM_KIND } from '@mfd/stems';
import type { InquiryDB } from '../../data/db';
import {
  findDelivery,
  findInvoice,
  stemClaims,
  stemDocuments,
  stemIndexValues,
  type ClaimRow,
  type DeliveryRow,
} from '../../data/stem-life.repository';

/** A stem line as its delivery and invoice are judged. */
export interface LifeLine {
  product_line_id: string;
  product_name: string;
  quantity_mt_min: string;
  quantity_mt_max: string;
  pricing: Pricing;
  price_per_mt: string | null;
  index_name: string | null;
  differential: string | null;
}

const decimal = (v: string | null) => (v === null ? null : v.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));

export const claimViewOf = (row: ClaimRow): ClaimView => ({
  id: row.id,
  stem_id: row.stem_id,
  kind: row.kind,
  description: row.description,
  amount_usd: row.amount_usd,
  status: row.status,
  time_bar_at: row.time_bar_at.toISOString(),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The delivered tonnes per line, for the stem's margin and commission once delivered. */
export const deliveredTonnes = (delivery: DeliveryRow | null) =>
  new Map((delivery?.lines ?? []).map((l) => [l.product_line_id, l.quantity_mt]));

/** What a stem's detail shows after its confirmation: delivery, variances, final index values, invoice check, claims. */
export async function loadStemLife(
  db: Kysely<InquiryDB>,
  stem: { id: string; tenant_id: string },
  lines: LifeLine[],
  charges: PricedCharge[],
): Promise<StemLifeView & { deliveryRow: DeliveryRow | null }> {
  const [delivery, documents, indexValues, invoice, claims] = await Promise.all([
    findDelivery(db, stem.tenant_id, stem.id),
    stemDocuments(db, stem.tenant_id, stem.id),
    stemIndexValues(db, stem.tenant_id, stem.id),
    findInvoice(db, stem.tenant_id, stem.id),
    stemClaims(db, stem.tenant_id, stem.id),
  ]);
  const delivered = deliveredTonnes(delivery);
  const variances = delivery
    ? deliveryVariances(lines, delivery.lines).map((v) => ({
        ...v,
        suggested_claim: VARIANCE_CLAIM_KIND[v.kind],
      }))
    : [];
  let invoiceView: StemLifeView['invoice'] = null;
  if (invoice) {
    const expected = expectedInvoice(
      lines.map((l) => ({ ...l, delivered_mt: delivered.get(l.product_line_id) ?? '0' })),
      charges,
      indexValues,
    );
    invoiceView = {
      number: invoice.number,
      date: invoice.invoice_date,
      amount_usd: invoice.amount_usd,
      ...invoiceDifference(invoice.amount_usd, expected.expected_usd),
      waiting_for: expected.waiting_for,
      due_date: invoice.due_date,
    };
  }
  return {
    deliveryRow: delivery,
    delivery: delivery && {
      bdn_number: delivery.bdn_number,
      delivered_at: delivery.delivered_at.toISOString(),
      barge_name: delivery.barge_name,
      seals: delivery.seals,
      remarks: delivery.remarks,
      lines: lines.flatMap((line) => {
        const l = delivery.lines.find((d) => d.product_line_id === line.product_line_id);
        return l
          ? [
              {
                product_line_id: l.product_line_id,
                quantity_mt: decimal(l.quantity_mt)!,
                density_kg_m3: decimal(l.density_kg_m3),
                sulphur_pct: decimal(l.sulphur_pct),
                viscosity_cst: decimal(l.viscosity_cst),
              },
            ]
          : [];
      }),
      recorded_at: delivery.recorded_at.toISOString(),
    },
    documents: documents.map((d) => ({
      id: d.id,
      filename: d.filename,
      content_type: d.content_type as DocumentType,
      size_bytes: d.size_bytes,
      uploaded_at: d.uploaded_at.toISOString(),
    })),
    variances,
    index_values: indexValues,
    invoice: invoiceView,
    claims: claims.map(claimViewOf),
  };
}
