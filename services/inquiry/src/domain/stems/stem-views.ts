import type { Kysely } from 'kysely';
import type { StemLifeView, StemSummary, StemView } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import { chargesByOffer } from '../../data/offer-charges.repository';
import {
  stemClauses,
  stemLines,
  type StemClauseRow,
  type StemLineRow,
  type StemRow,
} from '../../data/stems.repository';
import { chargeOf } from '../rfq/offer-pricing';
import { stemFigures } from './stem-figures';
import { deliveredTonnes, loadStemLife } from './stem-life-view';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const tonnes = (v: string) => v.replace(/\.0$/, '');

export function stemSummaryOf(stem: StemRow): StemSummary {
  return {
    id: stem.id,
    reference: stem.reference,
    inquiry_id: stem.inquiry_id,
    status: stem.status,
    supplier: { id: stem.supplier_id, trading_name: stem.supplier_name, email: stem.supplier_email },
    customer: { id: stem.customer_id, legal_entity_name: stem.customer_name },
    vessel_name: stem.vessel_name,
    port: {
      id: stem.port_id,
      name: stem.port_name,
      unlocode: stem.port_unlocode,
      country: stem.port_country,
      timezone: stem.port_timezone,
    },
    delivery_from: iso(stem.delivery_from),
    delivery_to: iso(stem.delivery_to),
    created_at: stem.created_at.toISOString(),
  };
}

/** The stem as the company sees it: both sides' prices, the margin or commission, every term. */
export function stemViewOf(
  stem: StemRow,
  lines: StemLineRow[],
  charges: ReturnType<typeof chargeOf>[],
  clauses: StemClauseRow[],
  delivered?: Map<string, string>,
): Omit<StemView, keyof StemLifeView> {
  const figures = stemFigures(stem.pricing_mode, lines, charges, delivered);
  return {
    ...stemSummaryOf(stem),
    offer_id: stem.offer_id,
    company_name: stem.company_name,
    imo: stem.imo,
    agent_name: stem.agent_name,
    agent_email: stem.agent_email,
    lines: lines.map((line) => ({
      product_line_id: line.product_line_id,
      product_name: line.product_name,
      iso_spec: line.iso_spec,
      quantity_mt_min: tonnes(line.quantity_mt_min),
      quantity_mt_max: tonnes(line.quantity_mt_max),
      pricing: line.pricing,
      index_name: line.index_name,
      differential: line.differential,
      buy_price_per_mt: figures.lines.get(line.product_line_id)?.buy ?? null,
      sell_price_per_mt: figures.lines.get(line.product_line_id)?.sell ?? null,
      adjustment:
        line.adjustment_basis && line.adjustment_amount !== null
          ? { basis: line.adjustment_basis, amount: line.adjustment_amount }
          : null,
      delivery_method: line.delivery_method,
    })),
    charges: figures.charges,
    payment: stem.payment_method
      ? { method: stem.payment_method, days: stem.payment_days, basis: stem.payment_basis }
      : null,
    payment_terms: stem.payment_terms,
    selling_terms: stem.selling_terms,
    clauses: clauses.map((c) => ({ id: c.clause_id, title: c.title, text: c.text })),
    pricing_mode: stem.pricing_mode,
    margin_usd: figures.margin_usd,
    commission_usd: figures.commission_usd,
    sent_at: iso(stem.sent_at),
    acknowledged_at: iso(stem.acknowledged_at),
    acknowledged_by: stem.acknowledged_by,
  };
}

/** Reads what a stem view needs beside the stem row itself. */
export async function loadStemView(db: Kysely<InquiryDB>, stem: StemRow): Promise<StemView> {
  const [lines, charges, clauses] = await Promise.all([
    stemLines(db, stem.tenant_id, stem.id),
    chargesByOffer(db, stem.tenant_id, [{ id: stem.offer_id, revision: stem.offer_revision }]).then((m) =>
      (m.get(stem.offer_id) ?? []).map(chargeOf),
    ),
    stemClauses(db, stem.tenant_id, stem.id),
  ]);
  const { deliveryRow, ...life } = await loadStemLife(db, stem, lines, charges);
  return { ...stemViewOf(stem, lines, charges, clauses, deliveredTonnes(deliveryRow)), ...life };
}
