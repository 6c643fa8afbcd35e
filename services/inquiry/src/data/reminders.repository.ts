import { sql, type Kysely } from 'kysely';
import type { ReminderState } from '@mfd/contracts';
import type { InquiryDB } from './db';

/** Distributions with a reminder due by `now` that no pass has settled yet, oldest due first. */
export function dueReminderDistributions(db: Kysely<InquiryDB>, now: Date, limit: number) {
  return db
    .selectFrom('inquiry_recipients')
    .select(['tenant_id', 'inquiry_id', 'distribution_id'])
    .where('reminder_state', 'is', null)
    .where('remind_at', '<=', now)
    .groupBy(['tenant_id', 'inquiry_id', 'distribution_id'])
    .orderBy(sql`min(remind_at)`)
    .limit(limit)
    .execute();
}

/**
 * A distribution's recipients whose reminder is due and unsettled, held for the transaction, with
 * whether their supplier answered (an offer in, or a decline through any of its addresses). The
 * caller holds the inquiry's lock first, as every change of it does.
 */
export function dueRecipients(db: Kysely<InquiryDB>, tenantId: string, distributionId: string, now: Date) {
  return db
    .selectFrom('inquiry_recipients as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('offers as o')
              .select(sql`1`.as('one'))
              .whereRef('o.inquiry_id', '=', 'r.inquiry_id')
              .whereRef('o.supplier_id', '=', 'r.supplier_id')
              .where('o.status', 'in', ['submitted', 'awarded', 'not_awarded']),
          ),
          eb.exists(
            eb
              .selectFrom('inquiry_recipients as d')
              .select(sql`1`.as('one'))
              .whereRef('d.inquiry_id', '=', 'r.inquiry_id')
              .whereRef('d.supplier_id', '=', 'r.supplier_id')
              .where('d.declined_at', 'is not', null),
          ),
        ])
        .as('answered'),
    )
    .where('r.tenant_id', '=', tenantId)
    .where('r.distribution_id', '=', distributionId)
    .where('r.reminder_state', 'is', null)
    .where('r.remind_at', '<=', now)
    .orderBy('r.id')
    .forUpdate('r')
    .execute();
}

/** How the reminders of these recipients were settled: once settled, no pass looks at them again. */
export async function settleReminders(
  db: Kysely<InquiryDB>,
  tenantId: string,
  ids: string[],
  outcome: { state: ReminderState; at: Date; note: string | null },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('inquiry_recipients')
    .set({ reminder_state: outcome.state, reminded_at: outcome.at, reminder_note: outcome.note })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Who a distribution's mails came from, and what identity last said of them: the address and
 * standing the user's alert mailbox keeps (refreshed while they use the app).
 */
export function distributionSender(db: Kysely<InquiryDB>, tenantId: string, distributionId: string) {
  return db
    .selectFrom('distributions as d')
    .leftJoin('alert_mailboxes as m', (join) =>
      join.onRef('m.user_id', '=', 'd.sent_by').onRef('m.tenant_id', '=', 'd.tenant_id'),
    )
    .select([
      'd.sender_name',
      'd.sender_company',
      'd.sender_email',
      'd.sender_signature',
      'm.email as mailbox_email',
      'm.mailbox_verified',
      'm.company_created_at',
    ])
    .where('d.tenant_id', '=', tenantId)
    .where('d.id', '=', distributionId)
    .executeTakeFirst();
}
