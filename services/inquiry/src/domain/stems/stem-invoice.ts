import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { invoiceInput, stemIndexValuesInput } from '@mfd/contracts';
import { invoiceDueDate, isClaimOpen } from '@mfd/stems';
import type { InquiryDB } from '../../data/db';
import {
  findDelivery,
  findInvoice,
  insertInvoice,
  replaceStemIndexValues,
  stemClaims,
  stemIndexValues,
} from '../../data/stem-life.repository';
import { findStem, updateStem } from '../../data/stems.repository';
import { byUser, recordAudit } from '../audit';
import { changedFields } from '../audit-changes';
import type { Caller } from '../inquiries';
import { StemLifeConflictError, StemNotFoundError } from './stem-errors';
import { nextStemStatus } from './stem-lifecycle';

async function lockedStem(trx: Kysely<InquiryDB>, caller: Caller, stemId: string) {
  const stem = await findStem(trx, caller.tenantId, stemId, true);
  if (!stem) throw new StemNotFoundError('stem');
  return stem;
}

const valueFields = (rows: { index_name: string; value: string; as_of: string }[]) =>
  Object.fromEntries(rows.map((r) => [r.index_name, `${r.value} as of ${r.as_of}`]));

/**
 * The final values of the stem's indexes (the ones its index-linked lines are invoiced at), as a
 * whole, until the stem is closed; the invoice check reads them when shown.
 */
export async function setStemIndexValues(
  db: Kysely<InquiryDB>,
  caller: Caller,
  stemId: string,
  input: z.output<typeof stemIndexValuesInput>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stem = await lockedStem(trx, caller, stemId);
    if (stem.status === 'closed')
      throw new StemLifeConflictError('This stem is closed: its index values stay as they were.');
    const before = await stemIndexValues(trx, caller.tenantId, stemId);
    await replaceStemIndexValues(trx, caller.tenantId, stemId, input.values);
    const after = await stemIndexValues(trx, caller.tenantId, stemId);
    const changes = changedFields(valueFields(before), valueFields(after));
    if (Object.keys(changes).length > 0)
      await recordAudit(trx, {
        ...byUser(caller, stem.inquiry_id),
        stemId,
        type: 'stem_index_values_set',
        detail: { reference: stem.reference },
        changes,
      });
  });
}

/** Records the supplier's invoice of a delivered stem, its due date by the payment terms; the stem is invoiced. */
export async function recordInvoice(
  db: Kysely<InquiryDB>,
  caller: Caller,
  stemId: string,
  input: z.output<typeof invoiceInput>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stem = await lockedStem(trx, caller, stemId);
    const status = nextStemStatus(stem.status, 'invoice');
    const delivery = await findDelivery(trx, caller.tenantId, stemId);
    if (!delivery || (await findInvoice(trx, caller.tenantId, stemId)))
      throw new StemLifeConflictError('This stem’s invoice is already recorded.');
    const payment = stem.payment_method
      ? { method: stem.payment_method, days: stem.payment_days, basis: stem.payment_basis }
      : null;
    const dueDate = invoiceDueDate(
      payment,
      { delivered_at: delivery.delivered_at, port_time_zone: stem.port_timezone },
      input.date,
    );
    await insertInvoice(trx, {
      stem_id: stemId,
      tenant_id: caller.tenantId,
      number: input.number,
      invoice_date: input.date,
      amount_usd: input.amount_usd,
      due_date: dueDate,
      recorded_by: caller.userId,
    });
    await updateStem(trx, caller.tenantId, stemId, { status });
    await recordAudit(trx, {
      ...byUser(caller, stem.inquiry_id),
      stemId,
      type: 'stem_invoiced',
      detail: { reference: stem.reference, number: input.number },
      changes: {
        status: { before: stem.status, after: status },
        invoice_amount_usd: { before: null, after: input.amount_usd },
        invoice_date: { before: null, after: input.date },
        due_date: { before: null, after: dueDate },
      },
    });
  });
}

/** Closes an invoiced stem; an open or submitted claim keeps it open (409). */
export async function closeStem(db: Kysely<InquiryDB>, caller: Caller, stemId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stem = await lockedStem(trx, caller, stemId);
    const status = nextStemStatus(stem.status, 'close');
    const open = (await stemClaims(trx, caller.tenantId, stemId)).filter((c) => isClaimOpen(c.status));
    if (open.length > 0)
      throw new StemLifeConflictError(
        `This stem has ${open.length === 1 ? 'an open claim' : `${open.length} open claims`}: a stem closes once its claims are settled, rejected or time-barred.`,
      );
    await updateStem(trx, caller.tenantId, stemId, { status });
    await recordAudit(trx, {
      ...byUser(caller, stem.inquiry_id),
      stemId,
      type: 'stem_closed',
      detail: { reference: stem.reference },
      changes: { status: { before: stem.status, after: status } },
    });
  });
}
