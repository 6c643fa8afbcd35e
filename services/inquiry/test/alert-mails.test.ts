import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertWindows } from '../src/config';
import { mailDueAlerts } from '../src/domain/notifications/alert-mails';
import { NotificationTicker } from '../src/jobs/notification-ticker';
import { startMailer, type MailerHarness } from '../../mailer/test/harness';
import { mailJobs } from './distribution-fixtures';
import { startRfq } from './harness';
import { api, bell, mailStates } from './notification-fixtures';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;
type Trader = Awaited<ReturnType<typeof signUpTrader>>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('alert mails to the trader, by the scheduled pass', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  const windows = () => alertWindows(s.inquiry.deps.config);
  const pass = (at: Date) => mailDueAlerts(s.inquiry.deps.database.db, windows(), at);
  const alertsTo = async (trader: Trader) =>
    [...(await mailJobs(s, 'trader-alert')), ...(await mailJobs(s, 'trader-digest'))].filter(
      (m) => m.job.to === trader.email,
    );

  /** A new trader's inquiry sent to one supplier, and the supplier's offer in. */
  async function offerIn(trader: Trader, supplierName: string) {
    const inquiry = await createInquiry(s, trader);
    const link = await seedLink(s, trader, inquiry.id, { supplierName });
    expect((await publicPost(s, link.token, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    return { ...inquiry, link };
  }

  it('when the first offer arrives, then one alert mail naming vessel, port and supplier goes to the trader within a minute; events in the next 15 minutes go in one digest after them', async () => {
    expect(windows()).toEqual({ firstDelayMs: 20 * SECOND, digestWindowMs: 15 * MINUTE });
    const trader = await signUpTrader(s.identity);
    const t0 = new Date();
    const first = await offerIn(trader, 'Lion City Bunkering');

    await pass(new Date(t0.getTime() + 5 * SECOND));
    expect(await alertsTo(trader)).toEqual([]);
    await pass(new Date(t0.getTime() + MINUTE));
    const [alert] = await alertsTo(trader);
    expect(alert?.job).toMatchObject({
      to: trader.email,
      source: 'inquiry',
      mail: {
        template: 'trader-alert',
        data: {
          item: {
            kind: 'offer_submitted',
            inquiry_id: first.id,
            supplier_name: 'Lion City Bunkering',
            vessel_name: 'MSC OSCAR',
            port_name: 'Singapore',
          },
        },
      },
    });
    // From the platform to our own user: no trader's signature or reply-to.
    expect(alert!.job.signature ?? null).toBeNull();
    expect(alert!.job.reply_to ?? null).toBeNull();

    // A revision and a second supplier's offer within the window wait for it to pass.
    expect((await publicPost(s, first.link.token, offerBody(first.lineIds, ['600', '800']))).statusCode).toBe(
      200,
    );
    const second = await offerIn(trader, 'Straits Marine Fuels');
    await pass(new Date(t0.getTime() + 10 * MINUTE));
    expect(await alertsTo(trader)).toHaveLength(1);
    await pass(new Date(t0.getTime() + 16 * MINUTE + 1 * SECOND));
    const mails = await alertsTo(trader);
    expect(mails).toHaveLength(2);
    const digest = mails[1]!.job.mail;
    if (digest.template !== 'trader-digest') throw new Error(`expected a digest, got ${digest.template}`);
    expect(digest.data.items.map((i) => [i.kind, i.supplier_name, i.inquiry_id])).toEqual([
      ['offer_submitted', 'Straits Marine Fuels', second.id],
      ['offer_revised', 'Lion City Bunkering', first.id],
    ]);
    expect(digest.data.more).toBe(0);
    expect((await mailStates(s, trader)).map((n) => n.mail_state)).toEqual(['mailed', 'mailed', 'mailed']);

    // Nothing waits: a later pass sends nothing more.
    await pass(new Date(t0.getTime() + 40 * MINUTE));
    expect(await alertsTo(trader)).toHaveLength(2);
  });

  it('when the trader turned off mail of new offers, then no mail goes but the bell still shows them; other kinds still mail', async () => {
    const trader = await signUpTrader(s.identity);
    const off = await api(s, trader, 'PUT', '/api/notifications/preferences', {
      email: { offer_submitted: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().email).toMatchObject({
      offer_submitted: false,
      offer_revised: true,
      mail_failed: true,
    });

    const t0 = new Date();
    const first = await offerIn(trader, 'Quiet Supplier');
    await pass(new Date(t0.getTime() + MINUTE));
    expect(await alertsTo(trader)).toEqual([]);
    expect((await bell(s, trader)).items.map((n) => n.kind)).toEqual(['offer_submitted']);
    expect((await mailStates(s, trader)).map((n) => n.mail_state)).toEqual(['skipped']);

    expect((await publicPost(s, first.link.token, offerBody(first.lineIds, ['605', '845']))).statusCode).toBe(
      200,
    );
    await pass(new Date(t0.getTime() + 2 * MINUTE));
    const mails = await alertsTo(trader);
    expect(mails.map((m) => m.job.mail.template)).toEqual(['trader-alert']);
    expect(mails[0]!.job.mail.data).toMatchObject({ item: { kind: 'offer_revised' } });
  });

  it('when the preferences are read and changed, then switches not sent keep their value and unknown ones are refused', async () => {
    const trader = await signUpTrader(s.identity);
    const initial = await api(s, trader, 'GET', '/api/notifications/preferences');
    expect(initial.json()).toEqual({
      email: {
        offer_submitted: true,
        offer_revised: true,
        offer_expiring: true,
        offer_declined: true,
        mail_failed: true,
        mail_bounced: true,
        supplier_message: true,
        stem_digest: true,
      },
    });
    await api(s, trader, 'PUT', '/api/notifications/preferences', { email: { offer_expiring: false } });
    await api(s, trader, 'PUT', '/api/notifications/preferences', { email: { mail_failed: false } });
    expect((await api(s, trader, 'GET', '/api/notifications/preferences')).json().email).toMatchObject({
      offer_expiring: false,
      mail_failed: false,
      offer_submitted: true,
    });
    const other = await signUpTrader(s.identity);
    expect((await api(s, other, 'GET', '/api/notifications/preferences')).json().email.mail_failed).toBe(
      true,
    );

    for (const body of [{ email: { stems: false } }, { email: { offer_submitted: 'no' } }, {}]) {
      const bad = await api(s, trader, 'PUT', '/api/notifications/preferences', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('when a trader of another company gets offers, then their mail goes to them alone', async () => {
    const a = await signUpTrader(s.identity);
    const b = await signUpTrader(s.identity);
    const t0 = new Date();
    await offerIn(a, 'Only For A');
    await pass(new Date(t0.getTime() + MINUTE));
    expect(await alertsTo(a)).toHaveLength(1);
    expect(await alertsTo(b)).toEqual([]);
  });
});

describe('alert mails through the ticker, the real mailer and an SMTP sink (windows from the environment)', () => {
  let s: Stack;
  let m: MailerHarness;
  let ticker: NotificationTicker;
  beforeAll(async () => {
    s = await startRfq({
      ALERT_FIRST_DELAY_SECONDS: '0',
      ALERT_DIGEST_WINDOW_SECONDS: '60',
      OUTBOX_POLL_MS: '100',
    });
    m = await startMailer({ REDIS_PREFIX: s.prefix, OUTBOX_POLL_MS: '100' });
    m.deps.relay.start();
    s.inquiry.deps.relay.start();
    ticker = new NotificationTicker({
      db: s.inquiry.deps.database.db,
      windows: alertWindows(s.inquiry.deps.config),
      tickMs: 200,
      // Reminders have their own test (reminders.test.ts).
      reminders: () => Promise.resolve(0),
      mailsWritten: () => s.inquiry.deps.relay.kick(),
      logger: pino({ level: 'silent' }),
    });
    ticker.start();
  });
  afterAll(async () => {
    await ticker.stop();
    await m.close();
    await s.close();
  });

  it('when an offer arrives, then the trader’s mailbox gets the alert from the platform, and the offers of the next window one digest', async () => {
    const trader = await signUpTrader(s.identity);
    const inquiry = await createInquiry(s, trader);
    const link = await seedLink(s, trader, inquiry.id, { supplierName: 'Lion City Bunkering' });
    expect((await publicPost(s, link.token, offerBody(inquiry.lineIds))).statusCode).toBe(200);

    const alert = await m.sink.waitFor((x) => x.to.includes(trader.email));
    expect(alert.subject).toBe('Lion City Bunkering submitted an offer: MSC OSCAR at Singapore');
    expect(alert.text).toContain(`/inquiries/${inquiry.id}?tab=offers`);
    expect(JSON.stringify(alert.headers.get('from'))).toContain('no-reply@');
    expect(alert.headers.get('reply-to')).toBeUndefined();

    const other = await seedLink(s, trader, inquiry.id, { supplierName: 'Straits Marine Fuels' });
    expect((await publicPost(s, other.token, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    expect((await publicPost(s, link.token, offerBody(inquiry.lineIds, ['611', '844']))).statusCode).toBe(
      200,
    );
    // The ticker keeps them for the window; a check made as if it had passed sends them.
    await ticker.check(new Date(Date.now() + 61_000));
    const digest = await m.sink.waitFor((x) => x.to.includes(trader.email) && x.subject !== alert.subject);
    expect(digest.subject).toBe('2 updates on your inquiries');
    expect(digest.text).toContain('Straits Marine Fuels submitted an offer for MSC OSCAR at Singapore');
    expect(digest.text).toContain('Lion City Bunkering revised its offer for MSC OSCAR at Singapore');
    expect(m.sink.messages.filter((x) => x.to.includes(trader.email))).toHaveLength(2);
  });
});
