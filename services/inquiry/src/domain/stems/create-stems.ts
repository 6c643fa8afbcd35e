import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { defaultReferencePrefix } from '@mfd/contracts';
import type { InquiryDB } from '../../data/db';
import type { InquiryRow } from '../../data/inquiries.repository';
import { listClauses } from '../../data/clauses.repository';
import { linesByOffer } from '../../data/offer-lines.repository';
import type { OfferRow } from '../../data/offers.repository';
import type { ProductLineRow } from '../../data/product-lines.repository';
import { insertStem, nextReferenceSequence, replaceStemClauses } from '../../data/stems.repository';
import { byUser, recordAudit } from '../audit';
import type { Sender } from '../rfq/supplier-mail-gate';
import type { Caller } from '../inquiries';
import { stemReference } from './reference-number';

/** One winner of an award: its offer and the inquiry lines it won (null: every line it priced). */
export interface AwardedOffer {
  offer: OfferRow;
  lineIds: string[] | null;
}

/**
 * Makes the stem of one winning offer, inside the award's transaction: a copy of what was agreed
 * (the inquiry's vessel, port, window and agent; the won lines at the awarded revision's prices;
 * its payment and selling terms), the company's default clauses, and the next reference of the
 * company's year with the company's prefix (identity's setting, read with the sender's profile at
 * the award): a stem has its reference from its creation, so the trader can quote it before sending. Recorded on the inquiry's trail with the stem's id.
 */
export async function createStem(
  trx: Kysely<InquiryDB>,
  caller: Caller,
  inquiry: InquiryRow,
  requested: ProductLineRow[],
  awarded: AwardedOffer,
  company: Pick<Sender, 'company' | 'reference_prefix'>,
  now: Date,
): Promise<string> {
  const { offer } = awarded;
  const priced = (await linesByOffer(trx, caller.tenantId, [offer.id])).get(offer.id) ?? [];
  const byLine = new Map(priced.map((l) => [l.product_line_id, l]));
  const won = requested.filter(
    (line) => byLine.has(line.id) && (awarded.lineIds === null || awarded.lineIds.includes(line.id)),
  );
  const year = now.getUTCFullYear();
  const sequence = await nextReferenceSequence(trx, caller.tenantId, year);
  const companyName = company.company;
  const prefix = company.reference_prefix ?? defaultReferencePrefix(companyName ?? '');
  const reference = stemReference(prefix, year, sequence);
  const id = randomUUID();
  await insertStem(
    trx,
    {
      id,
      tenant_id: caller.tenantId,
      inquiry_id: inquiry.id,
      offer_id: offer.id,
      offer_revision: offer.revision,
      reference,
      company_name: companyName,
      supplier_id: offer.supplier_id,
      supplier_name: offer.supplier_name ?? '',
      supplier_email: offer.supplier_email,
      customer_id: inquiry.customer_id,
      customer_name: inquiry.customer_name,
      customer_email: inquiry.customer_email,
      vessel_name: inquiry.vessel_name,
      imo: inquiry.imo,
      port_id: inquiry.port_id,
      port_name: inquiry.port_name,
      port_unlocode: inquiry.port_unlocode,
      port_country: inquiry.port_country,
      port_timezone: inquiry.port_timezone,
      delivery_from: inquiry.eta,
      delivery_to: inquiry.etd,
      agent_name: inquiry.agent_name,
      agent_email: inquiry.agent_email,
      payment_method: offer.payment_method,
      payment_days: offer.payment_days,
      payment_basis: offer.payment_basis,
      payment_terms: offer.payment_terms,
      selling_terms: inquiry.selling_terms,
      created_by: caller.userId,
    },
    won.map((line, position) => {
      const price = byLine.get(line.id)!;
      return {
        product_line_id: line.id,
        position,
        product_name: line.product_name,
        iso_spec: line.iso_spec,
        quantity_mt_min: line.quantity_mt_min,
        quantity_mt_max: line.quantity_mt_max,
        pricing: price.pricing,
        price_per_mt: price.price_per_mt,
        index_name: price.index_name,
        differential: price.differential,
        delivery_method: price.delivery_method,
      };
    }),
  );
  const defaults = (await listClauses(trx, caller.tenantId)).filter((c) => c.is_default);
  await replaceStemClauses(
    trx,
    caller.tenantId,
    id,
    defaults.map((c) => ({ clause_id: c.id, title: c.title, text: c.text })),
  );
  await recordAudit(trx, {
    ...byUser(caller, inquiry.id),
    stemId: id,
    type: 'stem_created',
    detail: { reference, supplier_name: offer.supplier_name ?? '' },
    changes: { status: { before: null, after: 'draft' } },
  });
  return id;
}
