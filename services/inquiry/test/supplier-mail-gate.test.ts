import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILBOX_UNVERIFIED } from '@mfd/contracts';
import { bearer } from '@mfd/testing';
import { TEST_PASSWORD } from '../../identity/test/harness';
import { createSupplier, distribute, lastSentMinutesAgo, recipientRows } from './distribution-fixtures';
import { startRfq } from './harness';
import { createInquiry, offerBody, publicPost, seedLink, signUpTrader, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

const UNVERIFIED = { success: false, detail: MAILBOX_UNVERIFIED };

/** What a refused mail must leave untouched: the tenant's outbox, and the inquiry's recipients, offers and state. */
async function snapshot(s: Stack, tenantId: string, inquiryId: string) {
  const db = s.inquiry.deps.database.db;
  const outbox = await db.selectFrom('outbox').select(['id', 'payload']).orderBy('id').execute();
  return {
    mails: outbox.filter((r) => r.payload.type === 'mail.send' && r.payload.tenant_id === tenantId).length,
    inquiry: await db
      .selectFrom('inquiries')
      .select(['status', 'revision', 'cancel_reason'])
      .where('id', '=', inquiryId)
      .executeTakeFirst(),
    lines: await db
      .selectFrom('inquiry_products')
      .select(['id', 'quantity_mt_min', 'quantity_mt_max'])
      .where('inquiry_id', '=', inquiryId)
      .orderBy('id')
      .execute(),
    recipients: (await recipientRows(s, inquiryId)).map((r) => ({
      id: r.id,
      send_count: r.send_count,
      job: r.mail_job_id,
    })),
    offers: await db
      .selectFrom('offers')
      .select(['id', 'status'])
      .where('inquiry_id', '=', inquiryId)
      .orderBy('id')
      .execute(),
    links: await db
      .selectFrom('offer_links')
      .innerJoin('inquiry_recipients as r', 'r.id', 'offer_links.recipient_id')
      .select(['offer_links.token_hash', 'offer_links.superseded_at'])
      .where('r.inquiry_id', '=', inquiryId)
      .orderBy('offer_links.token_hash')
      .execute(),
  };
}

describe('mail to suppliers needs a verified mailbox', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq();
  });
  afterAll(() => s.close());

  it('when an unverified trader sends an inquiry to suppliers, then 403 and nothing is written; once the address is confirmed, the same token sends', async () => {
    const trader = await signUpTrader(s.identity, {}, { verified: false });
    const inquiry = await createInquiry(s, trader);
    const supplier = await createSupplier(s, trader, 'Lion City Bunkering');
    const send = () =>
      distribute(s, trader, inquiry.id, { recipients: [{ supplier_id: supplier.id, contact_id: null }] });
    const before = await snapshot(s, trader.tenantId, inquiry.id);

    const refused = await send();
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual(UNVERIFIED);
    expect(await snapshot(s, trader.tenantId, inquiry.id)).toEqual(before);
    expect(before).toMatchObject({ mails: 0, recipients: [], inquiry: { status: 'draft' } });
    const distributions = await s.inquiry.deps.database.db
      .selectFrom('distributions')
      .select('id')
      .where('inquiry_id', '=', inquiry.id)
      .execute();
    expect(distributions).toEqual([]);

    // Confirmed through the mailed link, with no new sign-in: the token issued before now sends.
    await s.identity.verify(trader.email);
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ distributed_count: 1, status: 'distributed' });
  });

  it('when a trader’s login address changes (unproven again), then a resend, an amendment, a cancel notice and an award are each 403 with nothing written; confirming the new address lets the same token send', async () => {
    const trader: Caller & { email: string } = await signUpTrader(s.identity);
    const inquiry = await createInquiry(s, trader);
    const winner = await seedLink(s, trader, inquiry.id, { supplierName: 'Winner Fuels' });
    const loser = await seedLink(s, trader, inquiry.id, { supplierName: 'Second Best Oil' });
    const won = await publicPost(s, winner.token, offerBody(inquiry.lineIds, ['612.35', '845.10']));
    expect(won.statusCode, won.body).toBe(200);
    expect((await publicPost(s, loser.token, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    await lastSentMinutesAgo(s, inquiry.id, 20);

    const newAddress = `moved-${trader.email}`;
    const profile = (
      await s.identity.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(trader) })
    ).json().profile as { name: string; phone: string | null; position: string | null };
    const moved = await s.identity.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(trader),
      payload: {
        name: profile.name,
        email: newAddress,
        phone: profile.phone,
        position: profile.position,
        current_password: TEST_PASSWORD,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      s.inquiry.app.inject({ method, url, headers: bearer(trader), payload });
    // An edit mails nobody: it waits for the amendment below.
    const edited = await call('PUT', `/api/inquiries/${inquiry.id}/products/${inquiry.lineIds[0]}`, {
      product_name: 'VLSFO',
      quantity_mt_min: 500,
      quantity_mt_max: 700,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const before = await snapshot(s, trader.tenantId, inquiry.id);
    const attempts = {
      resend: () =>
        distribute(s, trader, inquiry.id, {
          recipients: [{ supplier_id: winner.supplierId, contact_id: null }],
          resend: true,
        }),
      amendment: () => call('POST', `/api/inquiries/${inquiry.id}/amendments`, {}),
      cancel: () => call('POST', `/api/inquiries/${inquiry.id}/cancel`, { reason: 'Vessel diverted' }),
      award: () => call('POST', `/api/offers/${won.json().offer_id}/award`, { notes: null, revision: 1 }),
    };
    for (const [kind, attempt] of Object.entries(attempts)) {
      const res = await attempt();
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(403);
      expect(res.json(), kind).toEqual(UNVERIFIED);
      expect(await snapshot(s, trader.tenantId, inquiry.id), kind).toEqual(before);
    }

    await s.identity.verify(newAddress);
    const awarded = await attempts.award();
    expect(awarded.statusCode, awarded.body).toBe(200);
    const after = await snapshot(s, trader.tenantId, inquiry.id);
    // The confirmation to the winner and the note to the other supplier.
    expect(after.mails).toBe(before.mails + 2);
  });
});

describe('per-company quotas on mail to suppliers', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startRfq({ MAIL_QUOTA_NEW_RECIPIENTS_PER_DAY: '10', MAIL_QUOTA_MAILS_PER_HOUR: '20' });
  });
  afterAll(() => s.close());

  /** The company signed up this long ago, as identity will say from now on. */
  async function companyAge(trader: Caller, days: number) {
    await s.identity.deps.database.pool.query(
      'update trading_companies set created_at = now() - make_interval(days => $1) where id = $2',
      [days, trader.tenantId],
    );
  }

  async function suppliers(trader: Caller, count: number, tag: string) {
    const made = [];
    for (let i = 0; i < count; i++)
      made.push(
        // Addresses are made of the name's letters: two letters tell up to 676 apart.
        await createSupplier(
          s,
          trader,
          `Quota ${tag} ${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}`,
        ),
      );
    return made;
  }
  const to = (list: { id: string }[]) => ({
    recipients: list.map((x) => ({ supplier_id: x.id, contact_id: null })),
  });
  const refusals = async (limit: string) => {
    const metric = await s.inquiry.app.metrics.getSingleMetric('mail_quota_refusals_total')!.get();
    return metric.values.find((v) => v.labels.limit === limit)?.value ?? 0;
  };

  it('when a company in its first 7 days mails more recipient addresses than a fifth of the quota, then 429 with Retry-After and nothing written; a week on, the full quota applies', async () => {
    const trader = await signUpTrader(s.identity);
    const inquiry = await createInquiry(s, trader);
    const [a, b, c] = await suppliers(trader, 3, 'new');
    expect((await distribute(s, trader, inquiry.id, to([a!, b!]))).statusCode).toBe(200);
    const before = await snapshot(s, trader.tenantId, inquiry.id);
    const counted = await refusals('recipients_per_day');

    const refused = await distribute(s, trader, inquiry.id, to([c!]));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      detail:
        'Your company has reached its limit of 2 recipient addresses per 24 hours (a fifth of the usual in its first 7 days). Nothing was sent: try again in 24 hours.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(24 * 3600 - 300);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
    expect(await snapshot(s, trader.tenantId, inquiry.id)).toEqual(before);
    expect(await refusals('recipients_per_day')).toBe(counted + 1);

    await companyAge(trader, 8);
    const sent = await distribute(s, trader, inquiry.id, to([c!]));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ distributed_count: 1 });
  });

  it('when a company mails more distinct addresses in 24 hours than allowed, then the distribution is refused whole; an address mailed again counts once', async () => {
    const trader = await signUpTrader(s.identity);
    await companyAge(trader, 30);
    const inquiry = await createInquiry(s, trader);
    const list = await suppliers(trader, 11, 'day');
    expect((await distribute(s, trader, inquiry.id, to(list.slice(0, 6)))).statusCode).toBe(200);
    // Six known, four new: ten distinct addresses, at the limit.
    const other = await createInquiry(s, trader);
    expect((await distribute(s, trader, other.id, to(list.slice(0, 10)))).statusCode).toBe(200);

    const before = await snapshot(s, trader.tenantId, inquiry.id);
    const refused = await distribute(s, trader, inquiry.id, to(list.slice(9, 11)));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().detail).toBe(
      'Your company has reached its limit of 10 recipient addresses per 24 hours. Nothing was sent: try again in 24 hours.',
    );
    expect(await snapshot(s, trader.tenantId, inquiry.id)).toEqual(before);
  });

  it('when a company sends more supplier mails in an hour than allowed, then the amendment that would exceed it is 429 and nothing changes', async () => {
    const trader = await signUpTrader(s.identity);
    await companyAge(trader, 30);
    const inquiry = await createInquiry(s, trader);
    expect((await distribute(s, trader, inquiry.id, to(await suppliers(trader, 5, 'hour')))).statusCode).toBe(
      200,
    );
    const edit = (max: number) =>
      s.inquiry.app.inject({
        method: 'PUT',
        url: `/api/inquiries/${inquiry.id}/products/${inquiry.lineIds[1]}`,
        headers: bearer(trader),
        payload: { product_name: 'MGO', quantity_mt_min: 50, quantity_mt_max: max },
      });
    const send = () =>
      s.inquiry.app.inject({
        method: 'POST',
        url: `/api/inquiries/${inquiry.id}/amendments`,
        headers: bearer(trader),
        payload: {},
      });
    // Five invitations and three amendments to five: twenty mails this hour.
    for (const max of [81, 82, 83]) {
      expect((await edit(max)).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
    }
    expect((await edit(84)).statusCode).toBe(200);
    const before = await snapshot(s, trader.tenantId, inquiry.id);
    const counted = await refusals('mails_per_hour');

    const refused = await send();
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().detail).toBe(
      'Your company has reached its limit of 20 supplier mails per hour. Nothing was sent: try again in 60 minutes.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600 - 300);
    expect(await snapshot(s, trader.tenantId, inquiry.id)).toEqual(before);
    expect(await refusals('mails_per_hour')).toBe(counted + 1);
  });

  it('when the transaction fails after the quota counted its mails, then the count is given back', async () => {
    const trader = await signUpTrader(s.identity);
    await companyAge(trader, 30);
    const inquiry = await createInquiry(s, trader);
    const list = await suppliers(trader, 20, 'rollback');
    const { pool } = s.inquiry.deps.database;
    // The database refuses this company's mail jobs, after the quota has counted them.
    await pool.query(`
      create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'mail refused by the test'; end $$`);
    await pool.query(
      `create trigger refuse_mail before insert on outbox for each row
       when (new.payload->>'tenant_id' = '${trader.tenantId}') execute function refuse_mail()`,
    );
    const failed = await distribute(s, trader, inquiry.id, to(list.slice(0, 10)));
    expect(failed.statusCode).toBe(500);
    expect(await recipientRows(s, inquiry.id)).toEqual([]);
    await pool.query('drop trigger refuse_mail on outbox');
    await pool.query('drop function refuse_mail()');

    // The ten addresses of the failed call were given back: ten others fit the ten places.
    const sent = await distribute(s, trader, inquiry.id, to(list.slice(10)));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ distributed_count: 10 });
  });
});
