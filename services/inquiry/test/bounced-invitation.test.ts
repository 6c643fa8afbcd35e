import pino from 'pino';
import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailStatusEvent, SuggestedSupplier, Supplier, TimelineItem } from '@mfd/contracts';
import { createQueueConnection } from '@mfd/queue';
import { bearer, eventually } from '@mfd/testing';
import { startInquiryEvents } from '../../directory/src/jobs/inquiry-events';
import { startMailer, type MailerHarness } from '../../mailer/test/harness';
import { deliver, deliveryReport, INBOUND_ENV, inquiryEvents } from '../../mailer/test/inbound-fixtures';
import { handleMailStatuses, startMailStatusConsumer } from '../src/jobs/mail-status';
import {
  createSupplier,
  distribute,
  mailJobs,
  portOf,
  recipientRows,
  suggested,
} from './distribution-fixtures';
import { startRfq } from './harness';
import { bell } from './notification-fixtures';
import { createInquiry, signUpTrader } from './offer-fixtures';

/** Reads until `done` holds or the time is up; answers the last read. */
describe('a bounce of a sent invitation, through the real mailer, its inbound listener and the directory', () => {
  let s: Awaited<ReturnType<typeof startRfq>>;
  let m: MailerHarness;
  const workers: Worker[] = [];
  const connection = () => createQueueConnection(s.inquiry.deps.config.REDIS_URL);
  beforeAll(async () => {
    s = await startRfq();
    m = await startMailer({ REDIS_PREFIX: s.prefix, OUTBOX_POLL_MS: '100', ...INBOUND_ENV });
    m.deps.relay.start();
    s.inquiry.deps.relay.start();
    const logger = pino({ level: 'silent' });
    workers.push(
      startMailStatusConsumer({
        db: s.inquiry.deps.database.db,
        connection: connection(),
        redisPrefix: s.prefix,
        logger,
      }),
      startInquiryEvents({
        db: s.directory.deps.database.db,
        connection: connection(),
        redisPrefix: s.prefix,
        logger,
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await m.close();
    await s.close();
  });

  it("when the supplier's server reports the address unknown, then the recipient shows bounced with the code and answer, and the directory flags the address for the trader's company", async () => {
    const trader = await signUpTrader(s.identity);
    const other = await signUpTrader(s.identity);
    const sgsin = await portOf(s, trader);
    const supplier = await createSupplier(s, trader, 'Gone Bunkers', { portIds: [sgsin] });
    // Another company keeps the same address: a bounce of this company's mail tells it nothing.
    const theirs = await createSupplier(s, other, 'Gone Bunkers', { email: supplier.email });
    const inquiry = await createInquiry(s, trader);
    const res = await distribute(s, trader, inquiry.id, {
      recipients: [{ supplier_id: supplier.id, contact_id: null }],
    });
    expect(res.statusCode, res.body).toBe(200);

    // The invitation names its recipient for replies, and goes out with its own bounce address.
    const [job] = await mailJobs(s, 'rfq-invitation');
    const [recipient] = await recipientRows(s, inquiry.id);
    expect(job!.job.reply_route).toEqual({
      tenant_id: trader.tenantId,
      inquiry_id: inquiry.id,
      recipient_id: recipient!.id,
    });
    const sent = await eventually(
      () => recipientRows(s, inquiry.id),
      (rows) => rows[0]?.mail_status === 'sent',
    );
    expect(sent[0]!.mail_status).toBe('sent');
    const mail = await m.sink.waitFor((r) => r.to.includes(supplier.email));
    expect(mail.envelopeFrom).toMatch(/^b-[a-z2-7]+@bounces\.mfd\.example$/);
    expect(mail.headers.get('reply-to')).toMatchObject({
      text: expect.stringMatching(/^r-[a-z2-7]+@replies\.mfd\.example$/),
    });

    await deliver(m.inbound!.port, {
      envelope: { from: '', to: [mail.envelopeFrom] },
      raw: deliveryReport(mail.envelopeFrom, supplier.email),
    });

    const read = async () => {
      const list = (await suggested(s, trader, inquiry.id)).json() as SuggestedSupplier[];
      return list.find((x) => x.id === supplier.id)!;
    };
    const entry = await eventually(
      read,
      (x) => x.sent[0]?.mail_status === 'bounced' && x.email_status === 'bounced',
    );
    expect(entry.sent[0]).toMatchObject({ mail_status: 'bounced', mail_error: '550 5.1.1 user unknown' });
    expect(entry).toMatchObject({ email_status: 'bounced', email_bounced_at: expect.any(String) });

    const view = async (user: typeof trader, id: string) =>
      (
        await s.directory.app.inject({ method: 'GET', url: `/api/suppliers/${id}`, headers: bearer(user) })
      ).json() as Supplier;
    expect(await view(trader, supplier.id)).toMatchObject({ email_status: 'bounced' });
    expect(await view(other, theirs.id)).toMatchObject({ email_status: 'ok', email_bounced_at: null });

    // The inquiry's timeline tells the bounce once, even when its event comes again.
    const bouncedOutcomes = async () => {
      const res = await s.inquiry.app.inject({
        method: 'GET',
        url: `/api/inquiries/${inquiry.id}/timeline?limit=200`,
        headers: bearer(trader),
      });
      return (res.json().items as TimelineItem[]).filter(
        (i) => i.type === 'mail_outcome' && i.detail.status === 'bounced',
      );
    };
    const [told] = await bouncedOutcomes();
    expect(told?.detail).toMatchObject({ to: supplier.email, error: '550 5.1.1 user unknown' });
    const bounceEvent = (await inquiryEvents(m)).find(
      (e): e is MailStatusEvent => e.type === 'mail.status' && e.status === 'bounced',
    )!;
    await handleMailStatuses(s.inquiry.deps.database.db, [bounceEvent]);
    expect(await bouncedOutcomes()).toHaveLength(1);

    // The trader hears of the bounce once, on the Suppliers tab.
    const heard = (await bell(s, trader)).items.filter((n) => n.kind === 'mail_bounced');
    expect(heard).toEqual([
      expect.objectContaining({ inquiry_id: inquiry.id, supplier_name: 'Gone Bunkers' }),
    ]);
  });
});
