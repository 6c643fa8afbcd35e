import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Worker } from 'bullmq';
import type { TimelineItem } from '@mfd/contracts';
import { createQueueConnection } from '@mfd/queue';
import { bearer, eventually } from '@mfd/testing';
import { startMailer, type MailerHarness } from '../../mailer/test/harness';
import { offerTokenHash } from '../src/domain/rfq/offer-link-token';
import { handleMailStatuses, startMailStatusConsumer } from '../src/jobs/mail-status';
import {
  createSupplier,
  distribute,
  lastSentMinutesAgo,
  mailJobs,
  portOf,
  recipientRows,
  suggested,
} from './distribution-fixtures';
import { startRfq } from './harness';
import { createInquiry, offerBody, publicPost, signUpTrader } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;
type Row = Awaited<ReturnType<typeof recipientRows>>[number];

/** Reads until `done` holds or the time is up; answers the last read. */
describe('delivery status of each recipient, through the real mailer and an SMTP sink', () => {
  let s: Stack;
  let m: MailerHarness;
  let consumer: Worker;
  let connection: ReturnType<typeof createQueueConnection>;
  beforeAll(async () => {
    s = await startRfq();
    m = await startMailer({ REDIS_PREFIX: s.prefix, OUTBOX_POLL_MS: '100' });
    m.deps.relay.start();
    s.inquiry.deps.relay.start();
    connection = createQueueConnection(s.inquiry.deps.config.REDIS_URL);
    consumer = startMailStatusConsumer({
      db: s.inquiry.deps.database.db,
      connection,
      redisPrefix: s.prefix,
      logger: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await consumer.close();
    connection.disconnect();
    await m.close();
    await s.close();
  });
  beforeEach(() => {
    m.sink.clear();
    m.sink.answer = undefined;
  });

  async function setUp() {
    const trader = await signUpTrader(s.identity);
    const sgsin = await portOf(s, trader);
    const good = await createSupplier(s, trader, 'Lion City Bunkering', { portIds: [sgsin] });
    const bad = await createSupplier(s, trader, 'Straits Marine Fuels', { portIds: [sgsin] });
    const inquiry = await createInquiry(s, trader);
    return { trader, good, bad, inquiry };
  }

  const settled = (inquiryId: string, count: number) =>
    eventually(
      () => recipientRows(s, inquiryId),
      (rows) => rows.length === count && rows.every((r) => ['sent', 'failed'].includes(r.mail_status)),
    );

  it('when the mails go out and the server refuses one with 550, then one recipient shows sent and the other failed with the reason, and both outbox rows are confirmed', async () => {
    const { trader, good, bad, inquiry } = await setUp();
    m.sink.answer = (recipient) => (recipient === bad.email ? 550 : undefined);

    const res = await distribute(s, trader, inquiry.id, {
      recipients: [
        { supplier_id: good.id, contact_id: null },
        { supplier_id: bad.id, contact_id: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);

    const rows = await settled(inquiry.id, 2);
    const byEmail = (email: string) => rows.find((r) => r.email === email) as Row;
    expect(byEmail(good.email)).toMatchObject({ mail_status: 'sent', mail_attempts: 1, mail_error: null });
    expect(byEmail(bad.email)).toMatchObject({ mail_status: 'failed', mail_attempts: 1 });
    expect(byEmail(bad.email).mail_error).toMatch(/^550 /);

    // The mail that arrived carries the personal link whose hash the recipient's link row holds.
    const mail = await m.sink.waitFor((x) => x.to.includes(good.email));
    expect(mail.subject).toMatch(/^RFQ: MSC OSCAR, Singapore \(SGSIN\), reply by /);
    expect(JSON.stringify(mail.headers.get('reply-to'))).toContain(trader.email);
    const token = /\/offer\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    const link = await s.inquiry.deps.database.db
      .selectFrom('offer_links')
      .select('token_hash')
      .where('recipient_id', '=', byEmail(good.email).id)
      .executeTakeFirstOrThrow();
    expect(link.token_hash.equals(offerTokenHash(token!))).toBe(true);
    expect(m.sink.messages.some((x) => x.to.includes(bad.email))).toBe(false);

    // Final statuses confirm the outbox rows, and the sealed link is scrubbed from them.
    const jobs = await eventually(
      async () => (await mailJobs(s, 'rfq-invitation')).filter((j) => j.job.tenant_id === trader.tenantId),
      (list) => list.every((j) => j.confirmedAt !== null),
    );
    expect(jobs).toHaveLength(2);
    for (const j of jobs) {
      expect(j.confirmedAt).not.toBeNull();
      expect(j.job.mail.data).toEqual({});
    }

    // The Suppliers tab says it per supplier.
    const entries = (await suggested(s, trader, inquiry.id)).json() as {
      id: string;
      sent: { mail_status: string; mail_error: string | null }[];
    }[];
    expect(entries.find((e) => e.id === bad.id)!.sent).toEqual([
      expect.objectContaining({ mail_status: 'failed', mail_error: expect.stringMatching(/^550 /) }),
    ]);
    expect(entries.find((e) => e.id === good.id)!.sent).toEqual([
      expect.objectContaining({ mail_status: 'sent', mail_error: null }),
    ]);
  });

  it('when the mails end, then each outcome joins the inquiry’s timeline once, under the mailer, with the request that sent it; the award’s too', async () => {
    const { trader, good, bad, inquiry } = await setUp();
    m.sink.answer = (recipient) => (recipient === bad.email ? 550 : undefined);
    const sent = await distribute(s, trader, inquiry.id, {
      recipients: [
        { supplier_id: good.id, contact_id: null },
        { supplier_id: bad.id, contact_id: null },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const outcomes = async () => {
      const res = await s.inquiry.app.inject({
        method: 'GET',
        url: `/api/inquiries/${inquiry.id}/timeline`,
        headers: bearer(trader),
      });
      return (res.json().items as TimelineItem[]).filter((i) => i.type === 'mail_outcome');
    };
    const ended = await eventually(outcomes, (items) => items.length === 2);
    const to = (email: string) => ended.find((i) => i.detail.to === email);
    expect(to(good.email)).toMatchObject({
      actor: { kind: 'system', name: 'Mail delivery' },
      detail: { mail: 'rfq-invitation', to_name: 'Lion City Bunkering', status: 'sent', error: null },
    });
    expect(to(bad.email)).toMatchObject({
      detail: { mail: 'rfq-invitation', to_name: 'Straits Marine Fuels', status: 'failed' },
    });
    expect(to(bad.email)!.detail.error).toMatch(/^550 /);
    const db = s.inquiry.deps.database.db;
    const requestIds = await db
      .selectFrom('audit_events')
      .select('request_id')
      .where('inquiry_id', '=', inquiry.id)
      .where('type', '=', 'mail_outcome')
      .execute();
    expect(requestIds.map((r) => r.request_id)).toEqual([
      sent.headers['x-request-id'],
      sent.headers['x-request-id'],
    ]);

    // The mailer's report of a final status coming again (a redelivered event) adds nothing.
    const [row] = (await recipientRows(s, inquiry.id)).filter((r) => r.email === good.email);
    await handleMailStatuses(db, [
      {
        type: 'mail.status',
        job_id: row!.mail_job_id!,
        reference: row!.id,
        to: good.email,
        template: 'rfq-invitation',
        status: 'sent',
        attempts: 1,
        at: new Date().toISOString(),
      },
    ]);
    expect(await outcomes()).toHaveLength(2);

    // An award notice's outcome is the inquiry's too, found through its offer.
    const mail = await m.sink.waitFor((x) => x.to.includes(good.email));
    const token = /\/offer\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const offered = await publicPost(s, token, offerBody(inquiry.lineIds));
    expect(offered.statusCode, offered.body).toBe(200);
    const awarded = await s.inquiry.app.inject({
      method: 'POST',
      url: `/api/offers/${offered.json().offer_id}/award`,
      headers: bearer(trader),
      payload: { notes: null, revision: offered.json().revision },
    });
    expect(awarded.statusCode, awarded.body).toBe(200);
    const withAward = await eventually(outcomes, (items) => items.length === 3);
    expect(withAward.at(-1)).toMatchObject({
      detail: { mail: 'offer-awarded', to: good.email, to_name: 'Lion City Bunkering', status: 'sent' },
    });
  });

  it('when a failed recipient is sent again with resend, then its row goes queued and then sent', async () => {
    const { trader, bad, inquiry } = await setUp();
    m.sink.answer = () => 550;
    await distribute(s, trader, inquiry.id, { recipients: [{ supplier_id: bad.id, contact_id: null }] });
    const [failed] = await settled(inquiry.id, 1);
    expect(failed).toMatchObject({ mail_status: 'failed', send_count: 1 });

    m.sink.answer = undefined;
    await lastSentMinutesAgo(s, inquiry.id, 15);
    const again = await distribute(s, trader, inquiry.id, {
      recipients: [{ supplier_id: bad.id, contact_id: null }],
      resend: true,
    });
    expect(again.json()).toMatchObject({ distributed_count: 1, skipped_count: 0 });
    const [sent] = await eventually(
      () => recipientRows(s, inquiry.id),
      (rows) => rows[0]?.mail_status === 'sent',
    );
    expect(sent).toMatchObject({ id: failed!.id, mail_status: 'sent', mail_error: null, send_count: 2 });
    expect((await m.sink.waitFor((x) => x.to.includes(bad.email))).subject).toMatch(/^RFQ: /);
  });

  it('when a sent inquiry is cancelled, then the supplier’s notice arrives in the invitation’s thread, from the trader via the platform', async () => {
    const { trader, good, inquiry } = await setUp();
    await distribute(s, trader, inquiry.id, { recipients: [{ supplier_id: good.id, contact_id: null }] });
    const invitation = await m.sink.waitFor(
      (x) => x.to.includes(good.email) && x.subject.startsWith('RFQ: '),
    );
    const cancel = await s.inquiry.app.inject({
      method: 'POST',
      url: `/api/inquiries/${inquiry.id}/cancel`,
      headers: { authorization: `Bearer ${trader.token}` },
      payload: { reason: null },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const notice = await m.sink.waitFor(
      (x) => x.to.includes(good.email) && x.subject.startsWith('Cancelled RFQ: '),
    );
    expect(invitation.messageId).toBeTruthy();
    expect(notice.headers.get('in-reply-to')).toBe(invitation.messageId);
    expect(notice.headers.get('references')).toBe(invitation.messageId);
    for (const mail of [invitation, notice]) {
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect((mail.headers.get('from') as { value: { name: string }[] }).value[0]!.name).toMatch(
        /^Maria Jensen.* via Marine Fuel Distribution$/,
      );
    }
  });

  it('when a status arrives later than a newer one, or belongs to a cancel notice, then the recipient keeps the newer state', async () => {
    const { trader, good, inquiry } = await setUp();
    await distribute(s, trader, inquiry.id, { recipients: [{ supplier_id: good.id, contact_id: null }] });
    const [row] = await settled(inquiry.id, 1);
    expect(row!.mail_status).toBe('sent');
    const db = s.inquiry.deps.database.db;
    const event = {
      type: 'mail.status' as const,
      job_id: row!.mail_job_id!,
      to: good.email,
      template: 'rfq-invitation',
      attempts: 1,
    };
    // Together in one batch, as the relay hands them over, none of these changes the row.
    await handleMailStatuses(db, [
      // A 'retrying' from before the 'sent' (delivered out of order).
      {
        ...event,
        reference: row!.id,
        status: 'retrying',
        error: '451 Try again later',
        at: new Date(row!.mail_status_at.getTime() - 1000).toISOString(),
      },
      // A cancel notice's failure is the notice's, not the invitation's.
      {
        ...event,
        template: 'rfq-cancelled',
        reference: `notice:${row!.id}`,
        status: 'failed',
        error: '550 Mailbox unavailable',
        at: new Date(Date.now() + 1000).toISOString(),
      },
      // A late failure of an earlier mail to the address (before a resend) is not this mail's.
      {
        ...event,
        job_id: 'an-earlier-mail',
        reference: row!.id,
        status: 'failed',
        error: '550 Mailbox unavailable',
        at: new Date(Date.now() + 1000).toISOString(),
      },
    ]);
    expect((await recipientRows(s, inquiry.id))[0]).toMatchObject({ mail_status: 'sent', mail_error: null });

    // Newer events of the address's latest mail do apply, the newest of a batch whatever its place;
    // an earlier mail's event beside them in the batch does not hide them.
    await handleMailStatuses(db, [
      {
        ...event,
        template: 'rfq-amendment',
        reference: row!.id,
        status: 'failed',
        error: '550 Mailbox unavailable',
        at: new Date(Date.now() + 3000).toISOString(),
      },
      {
        ...event,
        job_id: 'an-earlier-mail',
        reference: row!.id,
        status: 'sent',
        at: new Date(Date.now() + 4000).toISOString(),
      },
      {
        ...event,
        template: 'rfq-amendment',
        reference: row!.id,
        status: 'retrying',
        error: '451 Try again later',
        at: new Date(Date.now() + 2000).toISOString(),
      },
    ]);
    expect((await recipientRows(s, inquiry.id))[0]).toMatchObject({
      mail_status: 'failed',
      mail_error: '550 Mailbox unavailable',
    });
  });
});
