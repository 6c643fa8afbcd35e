import type { Kysely } from 'kysely';
import type { DeclineReason } from '@mfd/contracts';
import type { InquiryDB } from './db';

/** The supplier declined through this address's link (a second decline replaces the reason). */
export async function markDeclined(
  db: Kysely<InquiryDB>,
  tenantId: string,
  recipientId: string,
  decline: { reason: DeclineReason; remarks: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('inquiry_recipients')
    .set({ declined_at: decline.at, decline_reason: decline.reason, decline_remarks: decline.remarks })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', recipientId)
    .execute();
}

/** The supplier offers after all: its declines on the inquiry, through any of its addresses, no longer stand. */
export async function clearDeclines(
  db: Kysely<InquiryDB>,
  tenantId: string,
  inquiryId: string,
  supplierId: string,
): Promise<void> {
  await db
    .updateTable('inquiry_recipients')
    .set({ declined_at: null, decline_reason: null, decline_remarks: null })
    .where('tenant_id', '=', tenantId)
    .where('inquiry_id', '=', inquiryId)
    .where('supplier_id', '=', supplierId)
    .where('declined_at', 'is not', null)
    .execute();
}

/** A standing offer its supplier took back by declining: it no longer competes, nor can it be awarded. */
export async function withdrawOffer(
  db: Kysely<InquiryDB>,
  tenantId: string,
  offerId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('offers')
    .set({ status: 'withdrawn', updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', offerId)
    .where('status', '=', 'submitted')
    .execute();
}

/** Whether the supplier's decline through this address stands (the public page shows it back). */
export function declineOf(db: Kysely<InquiryDB>, tenantId: string, recipientId: string) {
  return db
    .selectFrom('inquiry_recipients')
    .select(['declined_at', 'decline_reason', 'decline_remarks'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', recipientId)
    .where('declined_at', 'is not', null)
    .executeTakeFirst();
}
