import pino from 'pino';
import type { Worker } from 'bullmq';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mfd/testing';
import type { InquiryMessagesResponse, MailerReplyReceivedEvent, TimelineItem } from '@mfd/contracts';
import { createQueueConnection } from '@mfd/queue';
import { startMailer, type MailerHarness } from '../../mailer/test/harness';
import { deliver, INBOUND_ENV, inquiryEvents } from '../../mailer/test/inbound-fixtures';
import { startMailStatusConsumer } from '../src/jobs/mail-status';
import { receiveReply } from '../src/domain/messages/receive-reply';
import { createSupplier, distribute, portOf } from './distribution-fixtures';
import { startRfq } from './harness';
import { api, bell } from './notification-fixtures';
import { createInquiry, signUpTrader } from './offer-fixtures';

/** Reads until `done` holds or the time is up; answers the last read. */
describe("a supplier's reply over SMTP, through the mailer's listener, lands on the inquiry and reaches the trader", () => {
  let s: Awaited<ReturnType<typeof startRfq>>;
  let m: MailerHarness;
  let worker: Worker;
  beforeAll(async () => {
    s = await startRfq();
    m = await startMailer({ REDIS_PREFIX: s.prefix, OUTBOX_POLL_MS: '100', ...INBOUND_ENV });
    m.deps.relay.start();
    s.inquiry.deps.relay.start();
    worker = startMailStatusConsumer({
      db: s.inquiry.deps.database.db,
      connection: createQueueConnection(s.inquiry.deps.config.REDIS_URL),
      redisPrefix: s.prefix,
      logger: pino({ level: 'silent' }),
      outboxWritten: () => s.inquiry.deps.relay.kick(),
    });
  });
  afterAll(async () => {
    await worker.close();
    await m.close();
    await s.close();
  });

  it('when the supplier replies with a file, then the Messages list shows it under the supplier, the trader gets a copy answering the supplier with the file, the bell and the timeline tell it, and it is stored once', async () => {
    const trader = await signUpTrader(s.identity);
    const other = await signUpTrader(s.identity);
    const supplier = await createSupplier(s, trader, 'Harbour Fuels', { portIds: [await portOf(s, trader)] });
    const inquiry = await createInquiry(s, trader);
    const res = await distribute(s, trader, inquiry.id, {
      recipients: [{ supplier_id: supplier.id, contact_id: null }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const invitation = await m.sink.waitFor((r) => r.to.includes(supplier.email));
    const replyAddress = String((invitation.headers.get('reply-to') as { text?: string }).text);

    const pdf = Buffer.from('%PDF-1.4 our terms');
    await deliver(m.inbound!.port, {
      from: `Anna Berg <${supplier.email}>`,
      to: replyAddress,
      subject: 'Re: RFQ',
      text: 'Can do 598 for VLSFO, MGO not available.\n<b>Regards</b>',
      attachments: [{ filename: 'terms.pdf', content: pdf, contentType: 'application/pdf' }],
    });

    const list = async () =>
      (
        await api(s, trader, 'GET', `/api/inquiries/${inquiry.id}/messages`)
      ).json() as InquiryMessagesResponse;
    const { items } = await eventually(list, (r) => r.items.length > 0);
    expect(items).toEqual([
      {
        id: expect.any(String),
        supplier_id: supplier.id,
        supplier_name: 'Harbour Fuels',
        from: `Anna Berg <${supplier.email}>`,
        subject: 'Re: RFQ',
        text: expect.stringContaining('Can do 598 for VLSFO, MGO not available.'),
        received_at: expect.any(String),
        read_at: null,
        attachments: [{ filename: 'terms.pdf', content_type: 'application/pdf', size: pdf.length }],
      },
    ]);
    const [message] = items;

    // Forwarded at once: from the platform, answering the supplier, the text escaped, the file attached.
    const copy = await m.sink.waitFor((r) => r.to.includes(trader.email) && r.subject.includes('replied'));
    expect(copy.subject).toBe('Harbour Fuels replied: Re: RFQ');
    expect(copy.from).not.toBe(supplier.email);
    expect((copy.headers.get('reply-to') as { text?: string }).text).toBe(supplier.email);
    expect(copy.text).toContain('Can do 598 for VLSFO, MGO not available.');
    expect(copy.html).toContain('&lt;b&gt;Regards&lt;/b&gt;');
    const parsed = await simpleParser(copy.raw);
    expect(parsed.attachments.map((a) => [a.filename, a.content.equals(pdf)])).toEqual([['terms.pdf', true]]);

    const { items: told } = await bell(s, trader);
    expect(told.find((n) => n.kind === 'supplier_message')).toMatchObject({
      inquiry_id: inquiry.id,
      supplier_name: 'Harbour Fuels',
    });
    const timeline = (await api(s, trader, 'GET', `/api/inquiries/${inquiry.id}/timeline`)).json()
      .items as TimelineItem[];
    expect(timeline.find((i) => i.type === 'message_received')).toMatchObject({
      actor: { kind: 'supplier', name: 'Harbour Fuels' },
      detail: { from: `Anna Berg <${supplier.email}>`, subject: 'Re: RFQ', attachment_count: 1 },
    });

    // The event handed over again (a lost acknowledgement) stores, forwards and tells nothing twice.
    const event = (await inquiryEvents(m)).find(
      (e): e is MailerReplyReceivedEvent => e.type === 'mailer.reply-received' && e.reply_id === message!.id,
    )!;
    expect(await receiveReply(s.inquiry.deps.database.db, event, pino({ level: 'silent' }))).toBe(false);
    expect((await list()).items).toHaveLength(1);
    const copies = m.sink.messages.filter(
      (r) => r.to.includes(trader.email) && r.subject.includes('replied'),
    );
    expect(copies).toHaveLength(1);

    // Another company sees neither the messages nor can mark them.
    expect((await api(s, other, 'GET', `/api/inquiries/${inquiry.id}/messages`)).statusCode).toBe(404);
    const foreign = await api(s, other, 'POST', `/api/inquiries/${inquiry.id}/messages/read`, {
      ids: [message!.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list()).items[0]!.read_at).toBeNull();

    const bad = await api(s, trader, 'POST', `/api/inquiries/${inquiry.id}/messages/read`, { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Message id must be a valid id');

    const read = await api(s, trader, 'POST', `/api/inquiries/${inquiry.id}/messages/read`, {
      ids: [message!.id],
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ success: true, unread_count: 0 });
    expect((await list()).items[0]!.read_at).toEqual(expect.any(String));
  });
});
