import { sql, type Kysely } from 'kysely';
import { QUEUES } from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import type { InquiryDB } from '../../data/db';
import { emailTurnedOff } from '../../data/notification-preferences.repository';
import { stemDashboardRows } from '../../data/stem-dashboard.repository';

/** The digest goes out from this hour (UTC) each day, at the first scheduled pass after it. */
export const STEM_DIGEST_HOUR_UTC = 6;
/** The most traders one pass mails; the rest are due at the next pass. */
const MAX_PER_PASS = 100;

/**
 * One trader's digest for the day, in one transaction: the day's row is taken first (a second
 * replica or a repeated pass finds it and stops), then, unless the trader turned the digest off or
 * has nothing to look at, the mail goes into the outbox. Answers false when nobody is due.
 */
async function digestOne(db: Kysely<InquiryDB>, now: Date, day: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Owners of inquiries with stems not closed yet, with an address identity told us, not mailed today.
    const due = await trx
      .selectFrom('alert_mailboxes as m')
      .select(['m.user_id', 'm.tenant_id', 'm.email', 'm.name'])
      .where('m.email', 'is not', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('stems')
            .innerJoin('inquiries', 'inquiries.id', 'stems.inquiry_id')
            .select(sql`1`.as('one'))
            .whereRef('inquiries.owner_id', '=', 'm.user_id')
            .whereRef('stems.tenant_id', '=', 'm.tenant_id')
            .where('stems.status', 'in', ['sent', 'acknowledged', 'delivered', 'invoiced']),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('stem_digests as d')
              .select(sql`1`.as('one'))
              .whereRef('d.user_id', '=', 'm.user_id')
              .where('d.day', '=', sql<Date>`${day}::date`),
          ),
        ),
      )
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!due) return false;
    const taken = await trx
      .insertInto('stem_digests')
      .values({ user_id: due.user_id, day, tenant_id: due.tenant_id, job_id: null })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!taken) return true;
    const off = await emailTurnedOff(trx, due.tenant_id, due.user_id);
    const lists = await stemDashboardRows(trx, due.tenant_id, now, due.user_id);
    const empty =
      lists.awaiting_delivery.length + lists.invoices_due.length + lists.claims_expiring.length === 0;
    if (off.has('stem_digest') || empty) return true;
    const jobId = await writeOutbox(trx, QUEUES.mailSend, {
      type: 'mail.send',
      to: due.email!,
      to_name: due.name,
      source: 'inquiry',
      tenant_id: due.tenant_id,
      mail: { template: 'stem-digest', data: { name: due.name, ...lists } },
    });
    await trx
      .updateTable('stem_digests')
      .set({ job_id: jobId })
      .where('user_id', '=', due.user_id)
      .where('day', '=', sql<Date>`${day}::date`)
      .execute();
    return true;
  });
}

/**
 * The daily stem digest pass (part of the scheduled check): from STEM_DIGEST_HOUR_UTC on, each
 * trader whose inquiries have stems in play gets one mail a day listing the stems awaiting delivery,
 * invoices due within 7 days and claims whose bar ends within 72 hours. Answers how many traders
 * it settled (mailed or not).
 */
export async function mailStemDigests(db: Kysely<InquiryDB>, now: Date): Promise<number> {
  if (now.getUTCHours() < STEM_DIGEST_HOUR_UTC) return 0;
  const day = now.toISOString().slice(0, 10);
  let settled = 0;
  while (settled < MAX_PER_PASS && (await digestOne(db, now, day))) settled += 1;
  return settled;
}
