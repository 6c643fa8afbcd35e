import Big from 'big.js';
import type { Kysely } from 'kysely';
import {
  canonicalDecimal,
  indexFormula,
  paymentText,
  paymentView,
  PRICINGS,
  type InquiryStatus,
} from '@mfd/contracts';
import { z } from 'zod';
import type { InquiryDB } from '../../data/db';
import type { InquiryRow } from '../../data/inquiries.repository';
import { revisionContents } from '../../data/offers.repository';
import { recordAudit, type AuditActor } from '../audit';
import { changedFields } from '../audit-changes';

/** What the trail compares of an offer revision's snapshot (offer_revisions.content); the rest is kept there. */
const snapshot = z.object({
  lines: z.array(
    z.object({
      product_name: z.string(),
      pricing: z.enum(PRICINGS).default('fixed'),
      price_per_mt: z.string().nullish(),
      index_name: z.string().nullish(),
      differential: z.string().nullish(),
      min_deliverable: z.string(),
      max_deliverable: z.string(),
      delivery_method: z.string(),
    }),
  ),
  payment: paymentView.nullish(),
  payment_terms: z.string().nullish(),
  valid_until: z.string().nullish(),
  remarks: z.string().nullish(),
  charges_cost: z.string().nullish(),
  total_landed_cost: z.string().nullish(),
});

const tonnes = (v: string) => canonicalDecimal(v) ?? v;
/** USD as the offer views answer it: two decimals. */
const usd = (v: string) => new Big(v).toFixed(2);

/**
 * An offer revision's terms as the trail compares them, one field per line fact ("VLSFO price")
 * and per term, each as the trader reads it. A snapshot the schema does not read gives nothing
 * to compare rather than failing the offer.
 */
export function offerFields(content: unknown): Record<string, string | null> {
  const parsed = snapshot.safeParse(content);
  if (!parsed.success) return {};
  const offer = parsed.data;
  const fields: Record<string, string | null> = {};
  for (const line of offer.lines) {
    fields[`${line.product_name} price`] =
      line.pricing === 'index' && line.index_name && line.differential
        ? indexFormula(line.index_name, line.differential)
        : line.price_per_mt
          ? usd(line.price_per_mt)
          : null;
    fields[`${line.product_name} deliverable`] =
      `${tonnes(line.min_deliverable)}–${tonnes(line.max_deliverable)} MT`;
    fields[`${line.product_name} delivery method`] = line.delivery_method;
  }
  return {
    ...fields,
    charges_cost: offer.charges_cost ?? null,
    total_landed_cost: offer.total_landed_cost ?? null,
    payment: offer.payment ? paymentText(offer.payment) : null,
    payment_terms: offer.payment_terms ?? null,
    valid_until: offer.valid_until ? new Date(offer.valid_until).toISOString() : null,
    remarks: offer.remarks ?? null,
  };
}

/**
 * An offer's submission in the audit trail, in its transaction: who (the supplier through its link,
 * or the trader who recorded it), the revision, and what changed since the revision before (for
 * the first, what it offered), read from the revisions' snapshots as stored.
 */
export async function recordOfferAudit(
  trx: Kysely<InquiryDB>,
  offer: {
    inquiry: InquiryRow;
    inquiryStatus: InquiryStatus;
    actor: AuditActor;
    source: 'link' | 'manual';
    supplierName: string;
    saved: { id: string; revision: number };
    figures: { total_landed_cost: string | null };
  },
): Promise<void> {
  const { inquiry, saved } = offer;
  const contents = await revisionContents(trx, inquiry.tenant_id, saved.id, [
    saved.revision - 1,
    saved.revision,
  ]);
  const type =
    offer.source === 'manual' ? 'offer_recorded' : saved.revision === 1 ? 'offer_submitted' : 'offer_revised';
  await recordAudit(trx, {
    tenantId: inquiry.tenant_id,
    inquiryId: inquiry.id,
    actor: offer.actor,
    type,
    detail: {
      supplier_name: offer.supplierName,
      revision: saved.revision,
      total_landed_cost: offer.figures.total_landed_cost,
    },
    changes: {
      ...changedFields(
        offerFields(contents.get(saved.revision - 1)),
        offerFields(contents.get(saved.revision)),
      ),
      ...changedFields({ status: inquiry.status }, { status: offer.inquiryStatus }),
    },
  });
}
