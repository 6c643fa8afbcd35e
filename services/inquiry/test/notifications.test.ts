import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailStatusEvent } from '@mfd/contracts';
import { notifyExpiringOffers } from '../src/domain/notifications/expiring-offers';
import { handleMailStatuses } from '../src/jobs/mail-status';
import { makeUser } from '@mfd/testing';
import { startInquiry, startRfq } from './harness';
import { api, bell } from './notification-fixtures';
import {
  createInquiry,
  createSupplier,
  offerBody,
  publicPost,
  seedLink,
  signUpTrader,
  type Caller,
} from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

const MINUTE = 60_000;

describe('the trader’s notifications (the bell)', () => {
  let s: Stack;
  let trader: Caller;
  let stranger: Caller;
  beforeAll(async () => {
    s = await startRfq();
    trader = await signUpTrader(s.identity);
    stranger = await signUpTrader(s.identity);
  });
  afterAll(() => s.close());

  /** An inquiry of the trader sent to one new supplier, with its link. */
  async function sentInquiry(supplierName = 'Lion City Bunkering') {
    const inquiry = await createInquiry(s, trader);
    const link = await seedLink(s, trader, inquiry.id, { supplierName });
    return { ...inquiry, link };
  }

  const offerOf = (inquiryId: string) =>
    api(s, trader, 'GET', `/api/inquiries/${inquiryId}/offers`).then(
      (res) => res.json() as { id: string; revision: number }[],
    );

  it('when a supplier submits and then revises an offer, then the trader who sent the inquiry is told once each, newest first, and nobody of another company is', async () => {
    const before = await bell(s, trader);
    const { id, lineIds, link } = await sentInquiry();

    expect((await publicPost(s, link.token, offerBody(lineIds))).statusCode).toBe(200);
    const [offer] = await offerOf(id);
    const first = await bell(s, trader);
    expect(first.unread_count).toBe(before.unread_count + 1);
    expect(first.items[0]).toMatchObject({
      kind: 'offer_submitted',
      inquiry_id: id,
      offer_id: offer!.id,
      supplier_name: 'Lion City Bunkering',
      vessel_name: 'MSC OSCAR',
      port_name: 'Singapore',
      read_at: null,
    });

    expect((await publicPost(s, link.token, offerBody(lineIds, ['600', '840']))).statusCode).toBe(200);
    const second = await bell(s, trader);
    expect(second.unread_count).toBe(before.unread_count + 2);
    expect(second.items.slice(0, 2).map((n) => n.kind)).toEqual(['offer_revised', 'offer_submitted']);
    expect(second.items.filter((n) => n.inquiry_id === id)).toHaveLength(2);

    expect(await bell(s, stranger)).toEqual({ items: [], unread_count: 0 });
  });

  it('when the trader records an offer taken by phone, then they are not told what they typed in themselves', async () => {
    const { id, lineIds } = await sentInquiry();
    const supplierId = await createSupplier(s, trader, 'Phone Fuels Ltd');
    const recorded = await api(s, trader, 'POST', `/api/inquiries/${id}/offers`, {
      ...offerBody(lineIds),
      supplier_id: supplierId,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect((await bell(s, trader)).items.filter((n) => n.inquiry_id === id)).toEqual([]);
  });

  it('when an invitation ends failed, then the trader is told once however often the event comes, and a late failure of an earlier mail tells nothing', async () => {
    const { id, link } = await sentInquiry('Straits Marine Fuels');
    const db = s.inquiry.deps.database.db;
    const recipient = await db
      .selectFrom('inquiry_recipients')
      .select('mail_job_id')
      .where('id', '=', link.recipientId)
      .executeTakeFirstOrThrow();
    const failed = (jobId: string): MailStatusEvent => ({
      type: 'mail.status',
      job_id: jobId,
      reference: link.recipientId,
      to: link.email,
      template: 'rfq-invitation',
      status: 'failed',
      attempts: 1,
      error: '550 5.1.1 user unknown',
      at: new Date().toISOString(),
    });

    await handleMailStatuses(db, [failed(recipient.mail_job_id!)]);
    await handleMailStatuses(db, [failed(recipient.mail_job_id!)]);
    const told = (await bell(s, trader)).items.filter((n) => n.inquiry_id === id);
    expect(told).toEqual([
      expect.objectContaining({ kind: 'mail_failed', supplier_name: 'Straits Marine Fuels', offer_id: null }),
    ]);

    // The inquiry is sent to the address again: the first mail's late failure is old news.
    const again = await seedLink(s, trader, id, { supplierId: link.supplierId });
    expect(again.recipientId).toBe(link.recipientId);
    await handleMailStatuses(db, [failed('00000000-0000-4000-8000-000000000001')]);
    expect((await bell(s, trader)).items.filter((n) => n.inquiry_id === id)).toHaveLength(1);
    expect(await bell(s, stranger)).toEqual({ items: [], unread_count: 0 });
  });

  it('when an award confirmation fails, then the trader is told naming the winning supplier', async () => {
    const { id, lineIds, link } = await sentInquiry('Harbour Fuels Pte');
    expect((await publicPost(s, link.token, offerBody(lineIds))).statusCode).toBe(200);
    const [offer] = await offerOf(id);
    expect(
      (
        await api(s, trader, 'POST', `/api/offers/${offer!.id}/award`, {
          notes: null,
          revision: offer!.revision,
        })
      ).statusCode,
    ).toBe(200);
    await handleMailStatuses(s.inquiry.deps.database.db, [
      {
        type: 'mail.status',
        job_id: '00000000-0000-4000-8000-0000000000a1',
        reference: `notice:${offer!.id}`,
        to: link.email,
        template: 'offer-awarded',
        status: 'failed',
        attempts: 1,
        error: '550 mailbox unavailable',
        at: new Date().toISOString(),
      },
    ]);
    expect(
      (await bell(s, trader)).items.find((n) => n.inquiry_id === id && n.kind === 'mail_failed'),
    ).toMatchObject({ offer_id: offer!.id, supplier_name: 'Harbour Fuels Pte' });
  });

  it('when a standing offer’s validity ends within 30 minutes, then the scheduled check tells the trader once, even when two replicas check at once; a longer one is not told', async () => {
    const { id, lineIds, link } = await sentInquiry('Short Validity Oil');
    const soon = new Date(Date.now() + 10 * MINUTE).toISOString();
    expect(
      (await publicPost(s, link.token, offerBody(lineIds, undefined, { valid_until: soon }))).statusCode,
    ).toBe(200);
    const other = await sentInquiry('Long Validity Oil');
    expect((await publicPost(s, other.link.token, offerBody(other.lineIds))).statusCode).toBe(200);

    const db = s.inquiry.deps.database.db;
    const now = new Date();
    await Promise.all([notifyExpiringOffers(db, now), notifyExpiringOffers(db, now)]);
    await notifyExpiringOffers(db, new Date(now.getTime() + MINUTE));
    const items = (await bell(s, trader)).items;
    expect(items.filter((n) => n.inquiry_id === id).map((n) => n.kind)).toEqual([
      'offer_expiring',
      'offer_submitted',
    ]);
    expect(items.filter((n) => n.inquiry_id === other.id).map((n) => n.kind)).toEqual(['offer_submitted']);

    // A revision with a new short validity may expire again: it is told again, once.
    const later = new Date(Date.now() + 20 * MINUTE).toISOString();
    expect(
      (await publicPost(s, link.token, offerBody(lineIds, undefined, { valid_until: later }))).statusCode,
    ).toBe(200);
    await notifyExpiringOffers(db, new Date());
    await notifyExpiringOffers(db, new Date());
    expect((await bell(s, trader)).items.filter((n) => n.inquiry_id === id).map((n) => n.kind)).toEqual([
      'offer_expiring',
      'offer_revised',
      'offer_expiring',
      'offer_submitted',
    ]);
  });

  it('when an inquiry is awarded, then its offers about to expire are no longer told', async () => {
    const { id, lineIds, link } = await sentInquiry('Closed Deal Fuels');
    const soon = new Date(Date.now() + 5 * MINUTE).toISOString();
    expect(
      (await publicPost(s, link.token, offerBody(lineIds, undefined, { valid_until: soon }))).statusCode,
    ).toBe(200);
    const [offer] = await offerOf(id);
    expect(
      (
        await api(s, trader, 'POST', `/api/offers/${offer!.id}/award`, {
          notes: null,
          revision: offer!.revision,
        })
      ).statusCode,
    ).toBe(200);
    await notifyExpiringOffers(s.inquiry.deps.database.db, new Date());
    expect((await bell(s, trader)).items.filter((n) => n.inquiry_id === id).map((n) => n.kind)).toEqual([
      'offer_submitted',
    ]);
  });

  it('when the trader marks one read and then all, then the unread count follows; another company’s user cannot mark them', async () => {
    const { lineIds, link } = await sentInquiry();
    await publicPost(s, link.token, offerBody(lineIds));
    await publicPost(s, link.token, offerBody(lineIds, ['601', '841']));
    const { items, unread_count } = await bell(s, trader);
    expect(unread_count).toBeGreaterThanOrEqual(2);

    const foreign = await api(s, stranger, 'POST', '/api/notifications/read', { ids: [items[0]!.id] });
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json()).toMatchObject({ unread_count: 0 });
    expect((await bell(s, trader)).unread_count).toBe(unread_count);

    const one = await api(s, trader, 'POST', '/api/notifications/read', { ids: [items[0]!.id] });
    expect(one.json()).toMatchObject({ success: true, unread_count: unread_count - 1 });
    const after = await bell(s, trader);
    expect(after.unread_count).toBe(unread_count - 1);
    expect(after.items[0]!.read_at).not.toBeNull();
    expect(after.items[1]!.read_at).toBeNull();

    const all = await api(s, trader, 'POST', '/api/notifications/read', { all: true });
    expect(all.json()).toMatchObject({ success: true, unread_count: 0 });
    expect((await bell(s, trader)).items.every((n) => n.read_at !== null)).toBe(true);
  });

  it('when the list is read page by page, then each page continues after the last one shown, and a foreign cursor shows nothing', async () => {
    const everything = (await bell(s, trader, '?limit=50')).items;
    expect(everything.length).toBeGreaterThanOrEqual(3);
    const first = await bell(s, trader, '?limit=2');
    expect(first.items).toEqual(everything.slice(0, 2));
    const next = await bell(s, trader, `?limit=2&before=${first.items[1]!.id}`);
    expect(next.items).toEqual(everything.slice(2, 4));
    expect((await bell(s, stranger, `?before=${everything[0]!.id}`)).items).toEqual([]);
  });

  it('when the input is bad, then 400 names each field', async () => {
    const cases: [string, 'GET' | 'POST', object | undefined, string][] = [
      ['/api/notifications?limit=0', 'GET', undefined, 'limit'],
      ['/api/notifications?limit=51', 'GET', undefined, 'limit'],
      ['/api/notifications?before=nope', 'GET', undefined, 'before'],
      ['/api/notifications/read', 'POST', {}, 'ids'],
      ['/api/notifications/read', 'POST', { ids: [], all: true }, 'ids'],
      ['/api/notifications/read', 'POST', { ids: ['nope'] }, 'ids.0'],
      ['/api/notifications/read', 'POST', { all: false }, 'all'],
    ];
    for (const [url, method, body, field] of cases) {
      const res = await api(s, trader, method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});

describe('the address alert mails go to', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq({ ALERT_ADDRESS_REFRESH_SECONDS: '600' });
  });
  afterAll(() => s.close());

  const mailbox = (user: Caller) =>
    s.inquiry.deps.database.db
      .selectFrom('alert_mailboxes')
      .select(['email', 'name', 'address_checked_at'])
      .where('user_id', '=', user.userId)
      .executeTakeFirst();

  it('when a user opens the bell, then their address is read from identity, and again only once it is older than the refresh time', async () => {
    const user = await signUpTrader(s.identity);
    const email = user.email;
    expect(await mailbox(user)).toBeUndefined();
    await bell(s, user);
    expect(await mailbox(user)).toMatchObject({ email });

    const db = s.inquiry.deps.database.db;
    await db
      .updateTable('alert_mailboxes')
      .set({ email: 'stale@example.com' })
      .where('user_id', '=', user.userId)
      .execute();
    await bell(s, user);
    expect((await mailbox(user))?.email).toBe('stale@example.com');

    await db
      .updateTable('alert_mailboxes')
      .set({ address_checked_at: new Date(Date.now() - 601_000) })
      .where('user_id', '=', user.userId)
      .execute();
    await bell(s, user);
    expect((await mailbox(user))?.email).toBe(email);
  });
});

describe('the bell while identity is away', () => {
  it('when identity cannot be reached, then the list still answers and the address is left as it was', async () => {
    const ctx = await startInquiry({
      IDENTITY_URL: 'http://127.0.0.1:9',
      DIRECTORY_URL: 'http://127.0.0.1:9',
    });
    try {
      const user = makeUser();
      expect(await bell({ inquiry: ctx }, user)).toEqual({ items: [], unread_count: 0 });
      const row = await ctx.deps.database.db
        .selectFrom('alert_mailboxes')
        .selectAll()
        .where('user_id', '=', user.userId)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});
