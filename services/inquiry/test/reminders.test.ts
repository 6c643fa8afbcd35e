import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAILBOX_UNVERIFIED } from '@mfd/contracts';
import { bearer } from '@mfd/testing';
import type { MailerHarness } from '../../mailer/test/harness';
import { alertWindows } from '../src/config';
import { sendDueReminders } from '../src/domain/rfq/reminders';
import { NotificationTicker } from '../src/jobs/notification-ticker';
import {
  createSupplier,
  distribute,
  mailJobs,
  recipientRows,
  suggested,
  testSecrets,
} from './distribution-fixtures';
import { startRfq, startRfqWithMailer } from './harness';
import { createInquiry, offerBody, publicGet, publicPost, signUpTrader } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

const MINUTE = 60_000;

/** The pass as the server runs it, on the stack's own database, keys and quotas. */
const reminderContext = (s: Stack) => ({
  db: s.inquiry.deps.database.db,
  secrets: s.inquiry.deps.mailSecrets,
  quota: s.inquiry.app.mailQuota,
  log: pino({ level: 'silent' }),
});

/**
 * An inquiry sent to three suppliers with a reply-by a few minutes off and a reminder asked for,
 * each supplier's invitation link as its mailbox reads it, and when the reminder is due.
 */
async function sentWithReminder(
  s: Stack,
  names = ['Lion City Bunkering', 'Straits Marine Fuels', 'Harbour Oil'],
) {
  const trader = await signUpTrader(s.identity);
  const inquiry = await createInquiry(s, trader);
  const suppliers = await Promise.all(names.map((name) => createSupplier(s, trader, name)));
  const replyBy = new Date(Date.now() + 5 * MINUTE);
  const sent = await distribute(s, trader, inquiry.id, {
    recipients: suppliers.map((x) => ({ supplier_id: x.id, contact_id: null })),
    reply_by: replyBy.toISOString(),
    remind_before_minutes: 3,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const invitations = (await mailJobs(s, 'rfq-invitation')).filter(
    (j) => j.job.tenant_id === trader.tenantId,
  );
  const links = suppliers.map((x) => {
    const { job } = invitations.find((j) => j.job.to === x.email)!;
    return { ...x, token: testSecrets.open(job.mail.data.token, x.email) };
  });
  return { trader, inquiry, links, dueAt: new Date(replyBy.getTime() - 3 * MINUTE) };
}

describe('one reminder before the reply-by, through the real mailer and an SMTP sink', () => {
  let s: Stack;
  let m: MailerHarness;
  let ticker: NotificationTicker;
  beforeAll(async () => {
    const withMailer = await startRfqWithMailer();
    s = withMailer;
    m = withMailer.mailer;
    // Not started: each check is made at the time the test names.
    ticker = new NotificationTicker({
      db: s.inquiry.deps.database.db,
      windows: alertWindows(s.inquiry.deps.config),
      tickMs: 60 * MINUTE,
      reminders: (now) => sendDueReminders(reminderContext(s), now),
      mailsWritten: () => s.inquiry.deps.relay.kick(),
      logger: pino({ level: 'silent' }),
    });
  });
  afterAll(() => s.close());
  beforeEach(() => m.sink.clear());

  it('when the reminder time comes, then the supplier that neither offered nor declined gets one mail with a new link, and its old link is retired', async () => {
    const { trader, inquiry, links, dueAt } = await sentWithReminder(s);
    const [silent, offered, declined] = links as [(typeof links)[0], (typeof links)[0], (typeof links)[0]];
    expect((await publicPost(s, offered.token, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    const no = await s.inquiry.app.inject({
      method: 'POST',
      url: `/api/public/offers/${declined.token}/decline`,
      payload: { reason: 'no_availability' },
    });
    expect(no.statusCode, no.body).toBe(200);

    // Before it is due nothing goes; when due, replicas' passes racing and a later pass send it once.
    await ticker.check(new Date(dueAt.getTime() - 1000));
    const at = new Date(dueAt.getTime() + 1000);
    await Promise.all([ticker.check(at), sendDueReminders(reminderContext(s), at)]);
    await ticker.check(new Date(at.getTime() + 30_000));

    const isReminder = (x: { subject: string }) => x.subject.startsWith('RFQ reminder: ');
    const mail = await m.sink.waitFor((x) => isReminder(x) && x.to.includes(silent.email));
    expect(mail.subject).toMatch(/^RFQ reminder: MSC OSCAR, Singapore \(SGSIN\), reply by /);
    const reminders = (await mailJobs(s, 'rfq-reminder')).filter((j) => j.job.tenant_id === trader.tenantId);
    expect(reminders.map((r) => r.job.to)).toEqual([silent.email]);
    // Settle: nothing else arrives for this inquiry's suppliers.
    await new Promise((r) => setTimeout(r, 1000));
    const reminded = m.sink.messages.filter(
      (x) => isReminder(x) && links.some((l) => x.to.includes(l.email)),
    );
    expect(reminded).toHaveLength(1);

    const fresh = /\/offer\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(silent.token);
    expect((await publicGet(s, fresh!)).statusCode).toBe(200);
    const old = await publicGet(s, silent.token);
    expect(old.statusCode).toBe(410);
    expect(old.json().state).toBe('superseded');

    const rows = await recipientRows(s, inquiry.id);
    const stateOf = (email: string) => rows.find((r) => r.email === email)!.reminder_state;
    expect([stateOf(silent.email), stateOf(offered.email), stateOf(declined.email)]).toEqual([
      'sent',
      'not_needed',
      'not_needed',
    ]);
    const list = (await suggested(s, trader, inquiry.id, true)).json() as {
      id: string;
      sent: { reminder: object | null }[];
    }[];
    expect(list.find((x) => x.id === silent.id)!.sent[0]!.reminder).toMatchObject({
      due_at: dueAt.toISOString(),
      state: 'sent',
    });
    const timeline = await s.inquiry.app.inject({
      method: 'GET',
      url: `/api/inquiries/${inquiry.id}/timeline`,
      headers: bearer(trader),
    });
    const sentRow = (timeline.json().items as { type: string; actor: object; detail: object }[]).find(
      (i) => i.type === 'reminder_sent',
    );
    expect(sentRow).toMatchObject({
      actor: { kind: 'system', name: 'Reminders' },
      detail: { recipients: [{ supplier_name: silent.name, email: silent.email }] },
    });
  });

  it('when the trader’s mailbox is no longer proven at reminder time, then no reminder goes and the trail says why', async () => {
    const { trader, inquiry, dueAt } = await sentWithReminder(s, ['Solo Bunkers']);
    await s.inquiry.deps.database.db
      .updateTable('alert_mailboxes')
      .set({ mailbox_verified: false })
      .where('user_id', '=', trader.userId)
      .execute();
    await ticker.check(new Date(dueAt.getTime() + 1000));

    expect((await mailJobs(s, 'rfq-reminder')).filter((j) => j.job.tenant_id === trader.tenantId)).toEqual(
      [],
    );
    const [row] = await recipientRows(s, inquiry.id);
    expect(row).toMatchObject({ reminder_state: 'skipped', reminder_note: MAILBOX_UNVERIFIED });
    const timeline = await s.inquiry.app.inject({
      method: 'GET',
      url: `/api/inquiries/${inquiry.id}/timeline`,
      headers: bearer(trader),
    });
    expect(timeline.json().items).toContainEqual(
      expect.objectContaining({
        type: 'reminder_skipped',
        detail: expect.objectContaining({ reason: MAILBOX_UNVERIFIED }),
      }),
    );
  });

  it('when the reminder is asked for outside 1–1440 minutes or before the inquiry could be answered, then 400 names it and nothing is sent', async () => {
    const trader = await signUpTrader(s.identity);
    const inquiry = await createInquiry(s, trader);
    const supplier = await createSupplier(s, trader, 'Early Bird Fuels');
    const recipients = [{ supplier_id: supplier.id, contact_id: null }];
    for (const remind of [0, 1441, 1.5, 'soon']) {
      const res = await distribute(s, trader, inquiry.id, { recipients, remind_before_minutes: remind });
      expect(res.statusCode, String(remind)).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'remind_before_minutes' })]);
    }
    const tooEarly = await distribute(s, trader, inquiry.id, {
      recipients,
      reply_by: new Date(Date.now() + 10 * MINUTE).toISOString(),
      remind_before_minutes: 10,
    });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().errors).toEqual([expect.objectContaining({ field: 'remind_before_minutes' })]);
    expect(await recipientRows(s, inquiry.id)).toEqual([]);
  });
});

describe('a reminder the company’s mail quota cannot hold', () => {
  let s: Stack;
  beforeAll(async () => {
    // A new company may mail a fifth of this an hour: its three invitations take all of it.
    s = await startRfq({ MAIL_QUOTA_MAILS_PER_HOUR: '15' });
  });
  afterAll(() => s.close());

  it('when the quota is spent, then the reminder is skipped and recorded, never sent', async () => {
    const { trader, inquiry, dueAt } = await sentWithReminder(s);
    await sendDueReminders(reminderContext(s), new Date(dueAt.getTime() + 1000));
    expect((await mailJobs(s, 'rfq-reminder')).filter((j) => j.job.tenant_id === trader.tenantId)).toEqual(
      [],
    );
    const rows = await recipientRows(s, inquiry.id);
    expect(rows.map((r) => r.reminder_state)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(rows[0]!.reminder_note).toMatch(/quota|limit|mails/i);
  });
});
