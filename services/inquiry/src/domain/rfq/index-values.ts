import type { Kysely } from 'kysely';
import type { IndexValueView, indexValuesInput } from '@mfd/contracts';
import type { z } from 'zod';
import type { InquiryDB } from '../../data/db';
import { listIndexValues, replaceIndexValues, type IndexValueRow } from '../../data/index-values.repository';
import { findInquiry } from '../../data/inquiries.repository';
import { byUser, recordAudit } from '../audit';
import { changedFields } from '../audit-changes';
import type { Caller } from '../inquiries';
import { nextStatus } from '../inquiry-lifecycle';
import { OfferNotFoundError } from './offer-errors';

const view = (row: IndexValueRow): IndexValueView => ({
  index_name: row.index_name,
  value: row.value,
  as_of: row.as_of,
  updated_at: row.updated_at.toISOString(),
});

/** Each index's value as the audit trail compares them: "600.00 as of 2026-11-20", by index name. */
const valueFields = (rows: IndexValueRow[]) =>
  Object.fromEntries(rows.map((row) => [row.index_name, `${row.value} as of ${row.as_of}`]));

/** The benchmark values of one of the tenant's inquiries; another company's inquiry is a 404. */
export async function inquiryIndexValues(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
): Promise<IndexValueView[]> {
  if (!(await findInquiry(db, tenantId, inquiryId))) throw new OfferNotFoundError('inquiry');
  return (await listIndexValues(db, tenantId, inquiryId)).map(view);
}

/**
 * Replaces the inquiry's benchmark values under its row lock, while it is open: once awarded or
 * cancelled, the comparison is a record of the decision and its values stay as they were (409).
 */
export async function setIndexValues(
  db: Kysely<InquiryDB>,
  caller: Caller,
  inquiryId: string,
  input: z.output<typeof indexValuesInput>,
): Promise<IndexValueView[]> {
  return db.transaction().execute(async (trx) => {
    const inquiry = await findInquiry(trx, caller.tenantId, inquiryId, true);
    if (!inquiry) throw new OfferNotFoundError('inquiry');
    nextStatus(inquiry.status, 'edit');
    const before = await listIndexValues(trx, caller.tenantId, inquiryId);
    await replaceIndexValues(trx, caller.tenantId, inquiryId, caller.userId, input.values);
    const after = await listIndexValues(trx, caller.tenantId, inquiryId);
    const changes = changedFields(valueFields(before), valueFields(after));
    if (Object.keys(changes).length > 0)
      await recordAudit(trx, { ...byUser(caller, inquiryId), type: 'index_values_set', detail: {}, changes });
    return after.map(view);
  });
}
