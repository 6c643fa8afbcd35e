import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { QUEUES } from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import type { InquiryDB } from '../data/db';
import { findInquiry, insertInquiry } from '../data/inquiries.repository';
import { insertLines, linesByInquiry } from '../data/product-lines.repository';
import { byUser, recordAudit } from './audit';
import { InquiryNotFoundError, type Caller } from './inquiries';

/**
 * "Copy as new inquiry": a draft for the next call of the same vessel, with the source's customer,
 * port, vessel, notes and fuel lines (in their order), and nothing that belongs to one port call:
 * no dates, agent, recipients, offers or cancel reason. It is any status's copy, a cancelled or
 * awarded inquiry's too. The customer and port are taken as the source keeps them, so the copy
 * needs no directory call; editing it checks them again. One transaction, with the customer's
 * `inquiry.created` event and the copy's first audit row.
 */
export async function copyInquiry(db: Kysely<InquiryDB>, caller: Caller, sourceId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const source = await findInquiry(trx, caller.tenantId, sourceId);
    if (!source) throw new InquiryNotFoundError('inquiry');
    const lines = (await linesByInquiry(trx, caller.tenantId, [source.id])).get(source.id) ?? [];
    const id = randomUUID();
    await insertInquiry(trx, {
      id,
      tenant_id: caller.tenantId,
      created_by: caller.userId,
      owner_id: caller.userId,
      owner_name: caller.name,
      customer_id: source.customer_id,
      customer_name: source.customer_name,
      customer_email: source.customer_email,
      selling_terms: source.selling_terms,
      port_id: source.port_id,
      port_name: source.port_name,
      port_unlocode: source.port_unlocode,
      port_country: source.port_country,
      port_timezone: source.port_timezone,
      port_region: source.port_region,
      vessel_name: source.vessel_name,
      imo: source.imo,
      agent_name: null,
      agent_email: null,
      eta: null,
      etb: null,
      etd: null,
      commentary: source.commentary,
      supplier_notes: source.supplier_notes,
      cancel_reason: null,
    });
    await insertLines(
      trx,
      caller.tenantId,
      id,
      lines.map((line) => ({
        product_id: line.product_id,
        product_name: line.product_name,
        iso_spec: line.iso_spec,
        quantity_mt_min: line.quantity_mt_min,
        quantity_mt_max: line.quantity_mt_max,
      })),
    );
    await recordAudit(trx, {
      ...byUser(caller, id),
      type: 'inquiry_created',
      detail: {
        vessel_name: source.vessel_name,
        port_name: source.port_name,
        customer_name: source.customer_name,
        line_count: lines.length,
        copied_from: source.id,
      },
    });
    if (source.customer_id)
      await writeOutbox(trx, QUEUES.directoryEvents, {
        type: 'inquiry.created',
        tenant_id: caller.tenantId,
        inquiry_id: id,
        customer_id: source.customer_id,
        at: new Date().toISOString(),
      });
    return id;
  });
}
