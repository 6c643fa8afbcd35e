import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { startInquiry, startWithDirectory } from './harness';

describe('dashboard and inquiry list', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  beforeAll(async () => {
    // No directory listens here: the supplier card must degrade, not fail the page.
    ctx = await startInquiry({ DIRECTORY_URL: 'http://127.0.0.1:9' });
  });
  afterAll(() => ctx.close());

  it('when a new company opens the dashboard, then every count is zero', async () => {
    const user = makeUser();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(user) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      total_inquiries: 0,
      active_inquiries: 0,
      total_suppliers: null,
      total_offers: 0,
      recent_inquiries: [],
      recent_offers: [],
      inquiries_this_month: 0,
      awaiting_offers: 0,
      stems_awaiting_delivery: 0,
      claims_near_time_bar: 0,
      savings_this_month_usd: '0.00',
      savings_by_customer_month: [],
      awarded_volume_by_month: [],
    });
  });

  it('when inquiries exist, then the counts are the caller company’s only', async () => {
    const user = makeUser();
    const other = makeUser();
    const db = ctx.deps.database.db;
    const row = (tenantId: string, status: 'draft' | 'quoting' | 'awarded') => {
      const creator = randomUUID();
      return {
        id: randomUUID(),
        tenant_id: tenantId,
        created_by: creator,
        owner_id: creator,
        owner_name: 'Maria Jensen',
        vessel_name: 'MSC Oscar',
        status,
      };
    };
    await db
      .insertInto('inquiries')
      .values([
        row(user.tenantId, 'draft'),
        row(user.tenantId, 'quoting'),
        row(user.tenantId, 'awarded'),
        row(other.tenantId, 'draft'),
      ])
      .execute();

    const dash = (
      await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(user) })
    ).json();
    expect(dash.total_inquiries).toBe(3);
    // Draft and quoting are open; awarded is done.
    expect(dash.active_inquiries).toBe(2);
    expect(dash.recent_inquiries).toHaveLength(3);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/inquiries', headers: bearer(user) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(3);
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/inquiries', headers: bearer(other) });
    expect(theirs.json()).toHaveLength(1);
  });
});

describe('dashboard totals as the writes keep them', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  beforeAll(async () => {
    ctx = await startInquiry({ DIRECTORY_URL: 'http://127.0.0.1:9' });
  });
  afterAll(() => ctx.close());

  const totals = async (user: ReturnType<typeof makeUser>) => {
    const dash = (
      await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(user) })
    ).json();
    return [dash.total_inquiries, dash.active_inquiries, dash.total_offers];
  };

  it('when inquiries and offers are added, change status, roll back or go, then the totals follow for that company only', async () => {
    const user = makeUser();
    const other = makeUser();
    const db = ctx.deps.database.db;
    const inquiry = (tenantId: string, status: 'draft' | 'distributed' | 'quoting' | 'cancelled') => {
      const creator = randomUUID();
      return {
        id: randomUUID(),
        tenant_id: tenantId,
        created_by: creator,
        owner_id: creator,
        owner_name: 'Maria Jensen',
        vessel_name: 'MSC Oscar',
        status,
      };
    };
    const rows = [
      inquiry(user.tenantId, 'draft'),
      inquiry(user.tenantId, 'distributed'),
      inquiry(user.tenantId, 'cancelled'),
      inquiry(other.tenantId, 'quoting'),
    ];
    await db.insertInto('inquiries').values(rows).execute();
    const offer = (inquiryId: string, tenantId: string, status: 'draft' | 'submitted') => ({
      id: randomUUID(),
      tenant_id: tenantId,
      inquiry_id: inquiryId,
      supplier_name: 'Lion City Bunkering',
      status,
      submitted_at: status === 'draft' ? null : new Date(),
    });
    const draft = offer(rows[1]!.id, user.tenantId, 'draft');
    await db
      .insertInto('offers')
      .values([
        draft,
        offer(rows[1]!.id, user.tenantId, 'submitted'),
        offer(rows[3]!.id, other.tenantId, 'submitted'),
      ])
      .execute();
    // A draft offer is not counted; cancelled is not active.
    expect(await totals(user)).toEqual([3, 2, 1]);

    await db.updateTable('inquiries').set({ status: 'quoting' }).where('id', '=', rows[1]!.id).execute();
    await db.updateTable('inquiries').set({ status: 'awarded' }).where('id', '=', rows[0]!.id).execute();
    await db
      .updateTable('offers')
      .set({ status: 'submitted', submitted_at: new Date() })
      .where('id', '=', draft.id)
      .execute();
    expect(await totals(user)).toEqual([3, 1, 2]);

    // A write rolled back counts nothing.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('inquiries').values(inquiry(user.tenantId, 'draft')).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await totals(user)).toEqual([3, 1, 2]);

    await db.deleteFrom('offers').where('id', '=', draft.id).execute();
    await db.deleteFrom('inquiries').where('id', '=', rows[2]!.id).execute();
    expect(await totals(user)).toEqual([2, 1, 1]);
    expect(await totals(other)).toEqual([1, 1, 1]);
  });
});

describe('dashboard supplier card', () => {
  it('when the directory is up, then total_suppliers is the company’s supplier count from it', async () => {
    const { directory, inquiry, close } = await startWithDirectory();
    try {
      const user = makeUser();
      for (const name of ['Lion City Bunkering', 'Gulf Energy']) {
        await directory.app.inject({
          method: 'POST',
          url: '/api/suppliers',
          headers: bearer(user),
          payload: { trading_name: name, default_email: 'x@example.com' },
        });
      }
      await directory.app.inject({
        method: 'POST',
        url: '/api/suppliers',
        headers: bearer(makeUser()),
        payload: { trading_name: 'Other', default_email: 'x@example.com' },
      });
      const dash = await inquiry.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(user) });
      expect(dash.json().total_suppliers).toBe(2);
    } finally {
      await close();
    }
  });
});
