import pino from 'pino';
import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@mfd/contracts';
import { createQueueConnection } from '@mfd/queue';
import { bearer } from '@mfd/testing';
import { auth } from '../../identity/test/harness';
import { companyAdmin, joinedMember, type Member } from '../../identity/test/team-fixtures';
import { startMailStatusConsumer } from '../src/jobs/mail-status';
import { startRfq } from './harness';
import { bell } from './notification-fixtures';
import { createInquiry, offerBody, publicPost, seedLink, type Caller } from './offer-fixtures';

type Stack = Awaited<ReturnType<typeof startRfq>>;

/** A member as the inquiry service's callers are: the token and the ids it carries. */
const caller = (m: Member): Caller => {
  const claims = JSON.parse(Buffer.from(m.token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    tid: string;
  };
  return { token: m.token, userId: claims.sub, tenantId: claims.tid };
};

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a desk of several members working the same inquiries', () => {
  let s: Stack;
  let admin: Caller;
  let trader: Caller;
  let worker: Worker;
  beforeAll(async () => {
    s = await startRfq();
    const anna = await companyAdmin(s.identity);
    admin = caller(anna);
    trader = caller(await joinedMember(s.identity, anna));
    // Identity's events reach the inquiry service's consumer through identity's outbox and queue.
    s.identity.deps.relay.start();
    worker = startMailStatusConsumer({
      db: s.inquiry.deps.database.db,
      connection: createQueueConnection(s.identity.deps.config.REDIS_URL),
      redisPrefix: s.identity.deps.config.REDIS_PREFIX,
      logger: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await worker.close();
    await s.close();
  });

  const api = (user: Caller, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const detail = async (id: string, user: Caller = admin) =>
    (await api(user, 'GET', `/api/inquiries/${id}`)).json();
  const timeline = async (id: string) =>
    ((await api(admin, 'GET', `/api/inquiries/${id}/timeline`)).json() as { items: TimelineItem[] }).items;

  it('when a trader creates an inquiry, then the admin sees it too, owned by the trader, and only the trader’s My inquiries lists it', async () => {
    const inquiry = await createInquiry(s, trader);
    expect((await detail(inquiry.id)).owner).toEqual({ id: trader.userId, name: 'Tom Hansen' });
    const adminMine = (await api(admin, 'GET', '/api/inquiries?owner=me')).json() as { id: string }[];
    expect(adminMine.map((i) => i.id)).not.toContain(inquiry.id);
    const traderMine = (await api(trader, 'GET', '/api/inquiries?owner=me')).json() as { id: string }[];
    expect(traderMine.map((i) => i.id)).toContain(inquiry.id);
  });

  it('when the trader hands the inquiry to the admin, then the admin owns it and the timeline says who handed it over', async () => {
    const inquiry = await createInquiry(s, trader);
    const res = await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/owner`, { user_id: admin.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(inquiry.id, trader)).owner).toEqual({ id: admin.userId, name: 'Anna Berg' });
    const owned = (await timeline(inquiry.id)).filter((i) => i.type === 'owner_changed');
    expect(owned).toEqual([
      expect.objectContaining({
        actor: { kind: 'user', name: 'Tom Hansen' },
        detail: {
          from: { id: trader.userId, name: 'Tom Hansen' },
          to: { id: admin.userId, name: 'Anna Berg' },
          reason: 'handed_over',
        },
        changes: { owner: { before: 'Tom Hansen', after: 'Anna Berg' } },
      }),
    ]);
    // Handing it to its owner again changes nothing and records nothing.
    expect(
      (await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/owner`, { user_id: admin.userId })).statusCode,
    ).toBe(200);
    expect((await timeline(inquiry.id)).filter((i) => i.type === 'owner_changed')).toHaveLength(1);
  });

  it('when an inquiry is handed over, then the next offer alerts its new owner, and the earlier alert stays with whoever got it', async () => {
    const inquiry = await createInquiry(s, trader);
    const first = await seedLink(s, trader, inquiry.id, { supplierName: 'Lion City Bunkering' });
    expect((await publicPost(s, first.token, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    const traderBefore = (await bell(s, trader)).items.filter((n) => n.inquiry_id === inquiry.id);
    expect(traderBefore.map((n) => n.supplier_name)).toEqual(['Lion City Bunkering']);

    expect(
      (await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/owner`, { user_id: admin.userId })).statusCode,
    ).toBe(200);
    const second = await seedLink(s, trader, inquiry.id, { supplierName: 'Straits Marine Fuels' });
    expect((await publicPost(s, second.token, offerBody(inquiry.lineIds))).statusCode).toBe(200);
    const adminNow = (await bell(s, admin)).items.filter((n) => n.inquiry_id === inquiry.id);
    expect(adminNow.map((n) => n.supplier_name)).toEqual(['Straits Marine Fuels']);
    const traderNow = (await bell(s, trader)).items.filter((n) => n.inquiry_id === inquiry.id);
    expect(traderNow.map((n) => n.supplier_name)).toEqual(['Lion City Bunkering']);
  });

  it('when an inquiry is handed to someone outside the company, or another company’s inquiry is handed over, then 404 and nothing changes', async () => {
    const inquiry = await createInquiry(s, trader);
    const outsider = caller(await companyAdmin(s.identity, 'Other Desk'));
    const foreignUser = await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/owner`, {
      user_id: outsider.userId,
    });
    expect(foreignUser.statusCode).toBe(404);
    const foreignInquiry = await api(outsider, 'PUT', `/api/inquiries/${inquiry.id}/owner`, {
      user_id: outsider.userId,
    });
    expect(foreignInquiry.statusCode).toBe(404);
    expect((await detail(inquiry.id)).owner.id).toBe(trader.userId);
    const bad = await api(trader, 'PUT', `/api/inquiries/${inquiry.id}/owner`, { user_id: 'nobody' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'user_id' })]);
  });

  it('when an admin removes a trader, then the trader’s open inquiries become the admin’s, by the admin in each timeline; a cancelled one stays the trader’s', async () => {
    const leaving = caller(await joinedMember(s.identity, { token: admin.token }, 'trader', ['Lea', 'Kim']));
    const open = await createInquiry(s, leaving);
    const closed = await createInquiry(s, leaving);
    expect((await api(leaving, 'POST', `/api/inquiries/${closed.id}/cancel`, {})).statusCode).toBe(200);
    const removed = await s.identity.app.inject({
      method: 'DELETE',
      url: `/api/company/members/${leaving.userId}`,
      headers: auth(admin.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const now = await until(
      () => detail(open.id),
      (d) => d.owner.id === admin.userId,
    );
    expect(now.owner).toEqual({ id: admin.userId, name: 'Anna Berg' });
    expect((await detail(closed.id)).owner).toEqual({ id: leaving.userId, name: 'Lea Kim' });
    const [handed] = (await timeline(open.id)).filter((i) => i.type === 'owner_changed');
    expect(handed).toMatchObject({
      actor: { kind: 'user', name: 'Anna Berg' },
      detail: { from: { name: 'Lea Kim' }, to: { name: 'Anna Berg' }, reason: 'member_removed' },
    });
    // Past actions keep the member's name.
    const [created] = await timeline(open.id);
    expect(created?.actor.name).toBe('Lea Kim');
  });

  it('when a removed trader is invited again, then they join as a new member who sees the desk’s inquiries but owns none of the old ones', async () => {
    const leaving = caller(await joinedMember(s.identity, { token: admin.token }, 'trader', ['Ida', 'Lund']));
    const open = await createInquiry(s, leaving);
    const members = async () =>
      (
        await s.identity.app.inject({
          method: 'GET',
          url: '/api/company/members',
          headers: auth(admin.token),
        })
      ).json() as { id: string; email: string }[];
    const address = (await members()).find((m) => m.id === leaving.userId)!.email;
    expect(
      (
        await s.identity.app.inject({
          method: 'DELETE',
          url: `/api/company/members/${leaving.userId}`,
          headers: auth(admin.token),
        })
      ).statusCode,
    ).toBe(200);
    await until(
      () => detail(open.id),
      (d) => d.owner.id === admin.userId,
    );

    const back = caller(
      await joinedMember(s.identity, { token: admin.token }, 'trader', ['Ida', 'Lund'], address),
    );
    expect(back.userId).not.toBe(leaving.userId);
    expect((await detail(open.id, back)).owner).toEqual({ id: admin.userId, name: 'Anna Berg' });
    expect((await api(back, 'GET', '/api/inquiries?owner=me')).json()).toEqual([]);
    const [created] = await timeline(open.id);
    expect(created?.actor.name).toBe('Ida Lund');
  });
});
