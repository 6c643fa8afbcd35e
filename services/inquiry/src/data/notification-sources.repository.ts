import { sql, type Kysely } from 'kysely';
import { ACTIVE_INQUIRY_STATUSES } from '@mfd/contracts';
import { alertRecipient } from './alert-recipient';
import type { InquiryDB } from './db';

/** Who is told about one of the tenant's inquiries (see `alertRecipient`). */
export async function inquiryAlertRecipient(db: Kysely<InquiryDB>, tenantId: string, inquiryId: string) {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => alertRecipient(eb).as('user_id'))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', inquiryId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Recipients with their last mail's delivery, inquiry and who is told about it. Mail events name
 * no tenant: each row answers its own.
 */
export function recipientsForAlerts(db: Kysely<InquiryDB>, recipientIds: string[]) {
  if (recipientIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('inquiry_recipients as r')
    .innerJoin('inquiries', (join) =>
      join.onRef('inquiries.id', '=', 'r.inquiry_id').onRef('inquiries.tenant_id', '=', 'r.tenant_id'),
    )
    .select((eb) => [
      'r.id',
      'r.mail_job_id',
      'r.mail_status',
      'r.tenant_id',
      'r.inquiry_id',
      'r.supplier_name',
      alertRecipient(eb).as('user_id'),
    ])
    .where('r.id', 'in', recipientIds)
    .execute();
}

/** Offers with their inquiry and who is told about it (events name no tenant: each row answers its own). */
export function offersForAlerts(db: Kysely<InquiryDB>, offerIds: string[]) {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('offers as o')
    .innerJoin('inquiries', (join) =>
      join.onRef('inquiries.id', '=', 'o.inquiry_id').onRef('inquiries.tenant_id', '=', 'o.tenant_id'),
    )
    .select((eb) => [
      'o.id',
      'o.tenant_id',
      'o.inquiry_id',
      'o.supplier_name',
      alertRecipient(eb).as('user_id'),
    ])
    .where('o.id', 'in', offerIds)
    .execute();
}

/**
 * Offers still standing on an open inquiry whose validity ends within the window and that were
 * not yet announced as expiring at their current revision, soonest first, at most `limit`.
 */
export function expiringOffers(db: Kysely<InquiryDB>, window: { after: Date; until: Date }, limit: number) {
  return db
    .selectFrom('offers as o')
    .innerJoin('inquiries', (join) =>
      join.onRef('inquiries.id', '=', 'o.inquiry_id').onRef('inquiries.tenant_id', '=', 'o.tenant_id'),
    )
    .select((eb) => [
      'o.id as offer_id',
      'o.revision',
      'o.tenant_id',
      'o.inquiry_id',
      'o.supplier_name',
      alertRecipient(eb).as('user_id'),
    ])
    .where('o.status', '=', 'submitted')
    .where('o.valid_until', '>', window.after)
    .where('o.valid_until', '<=', window.until)
    .where('inquiries.status', 'in', ACTIVE_INQUIRY_STATUSES)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications as n')
            .select(sql`1`.as('one'))
            .whereRef('n.offer_id', '=', 'o.id')
            .whereRef('n.offer_revision', '=', 'o.revision')
            .where('n.kind', '=', 'offer_expiring'),
        ),
      ),
    )
    .orderBy('o.valid_until')
    .limit(limit)
    .execute();
}
