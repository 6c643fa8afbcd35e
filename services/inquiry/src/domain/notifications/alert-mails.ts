import type { Kysely } from 'kysely';
import { QUEUES } from '@mfd/contracts';
import { writeOutbox } from '@mfd/queue';
import { claimDueMailbox, settleMailbox } from '../../data/alert-mailboxes.repository';
import type { InquiryDB } from '../../data/db';
import { emailTurnedOff } from '../../data/notification-preferences.repository';
import { pendingNotifications, settleMail } from '../../data/notifications.repository';
import { alertMail } from './alert-mail';
import { alertMailCutoffs, type AlertWindows } from './alert-times';

/** The most notifications one mail settles; the rest wait for the next (a digest counts beyond its list). */
const MAX_PER_MAIL = 500;
/** The most mailboxes one pass mails; the rest are due at the next pass. */
const MAX_MAILBOXES_PER_PASS = 100;

/**
 * One mailbox's due notifications, in one transaction: the kinds the user turned off are left out
 * of the mail (still shown in the app), the rest go in one alert or digest through the outbox,
 * from the platform and without a signature (it is our own user, not a supplier). A user whose
 * address identity never told us gets none. Answers false when no mailbox is due.
 */
async function mailOneMailbox(db: Kysely<InquiryDB>, windows: AlertWindows, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const box = await claimDueMailbox(trx, alertMailCutoffs(now, windows));
    if (!box) return false;
    const pending = await pendingNotifications(trx, box.tenant_id, box.user_id, MAX_PER_MAIL);
    const off = await emailTurnedOff(trx, box.tenant_id, box.user_id);
    const wanted = pending.filter((n) => !off.has(n.kind));
    const unwanted = pending.filter((n) => off.has(n.kind));
    let mailedAt: Date | null = null;
    if (wanted.length > 0 && box.email) {
      const jobId = await writeOutbox(trx, QUEUES.mailSend, {
        type: 'mail.send',
        to: box.email,
        to_name: box.name,
        source: 'inquiry',
        tenant_id: box.tenant_id,
        mail: alertMail(
          box.name,
          wanted.map((n) => ({
            kind: n.kind,
            inquiry_id: n.inquiry_id,
            supplier_name: n.supplier_name,
            vessel_name: n.vessel_name,
            port_name: n.port_name,
            at: n.created_at.toISOString(),
          })),
        ),
      });
      await settleMail(
        trx,
        wanted.map((n) => n.id),
        { state: 'mailed', jobId },
      );
      mailedAt = now;
    } else unwanted.push(...wanted);
    await settleMail(
      trx,
      unwanted.map((n) => n.id),
      { state: 'skipped' },
    );
    await settleMailbox(trx, box.tenant_id, box.user_id, mailedAt);
    return true;
  });
}

/** The scheduled alert mail pass: every due mailbox (up to a bound), each in its own transaction. Answers how many were settled. */
export async function mailDueAlerts(
  db: Kysely<InquiryDB>,
  windows: AlertWindows,
  now: Date,
): Promise<number> {
  let settled = 0;
  while (settled < MAX_MAILBOXES_PER_PASS && (await mailOneMailbox(db, windows, now))) settled += 1;
  return settled;
}
