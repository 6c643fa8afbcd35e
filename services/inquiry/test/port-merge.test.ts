import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'bullmq';
import { createQueueConnection } from '@mfd/queue';
import { bearer, eventually, makeUser, type TestUser } from '@mfd/testing';
import { repointInquiries } from '../src/data/inquiry-ports.repository';
import { startMailStatusConsumer } from '../src/jobs/mail-status';
import { startWithDirectory } from './harness';
import { createCustomer, newInquiry } from './inquiry-fixtures';

/** Reads until `done` holds or the time is up; answers the last read. */
/**
 * Two companies each add the port the UN/LOCODE list lacks, log inquiries and cover it with a
 * supplier; an operator approves one. The directory (its outbox and relay) and the inquiry
 * service (its events consumer) run as in production, on one database and one Redis prefix.
 */
describe('an approved port takes in every company’s own port of its code, inquiries included', () => {
  let s: Awaited<ReturnType<typeof startWithDirectory>>;
  let consumer: Worker;
  let connection: ReturnType<typeof createQueueConnection>;
  beforeAll(async () => {
    s = await startWithDirectory({}, { OUTBOX_POLL_MS: '100' });
    s.directory.deps.relay.start();
    connection = createQueueConnection(s.inquiry.deps.config.REDIS_URL);
    consumer = startMailStatusConsumer({
      db: s.inquiry.deps.database.db,
      connection,
      redisPrefix: s.inquiry.deps.config.REDIS_PREFIX,
      logger: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await consumer.close();
    connection.disconnect();
    await s.close();
  });

  const directory = (method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) =>
    s.directory.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const inquiry = (method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) =>
    s.inquiry.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

  async function companyWithPort(name: string, unlocode = 'NLMOE') {
    const user = makeUser();
    const port = await directory('POST', '/api/ports', user, {
      unlocode,
      name,
      country: 'NL',
      timezone: 'Europe/Amsterdam',
    });
    expect(port.statusCode, port.body).toBe(201);
    const portId: string = port.json().id;
    const supplier = await directory('POST', '/api/suppliers', user, {
      trading_name: `${name} Bunkers`,
      default_email: 'desk@moerdijk-bunkers.example',
      port_ids: [portId],
    });
    const created = await inquiry(
      'POST',
      '/api/inquiries',
      user,
      newInquiry(await createCustomer(s, user), portId),
    );
    expect(created.statusCode, created.body).toBe(201);
    return { user, portId, supplierId: supplier.json().id as string, inquiryId: created.json().id as string };
  }

  it('when an operator approves one company’s port, then the other company’s inquiries and suppliers name the shared port, with its facts', async () => {
    const a = await companyWithPort('Moerdijk');
    const b = await companyWithPort('Moerdyk');
    // Neither sees the other's port meanwhile.
    expect((await directory('GET', `/api/ports/${b.portId}`, a.user)).statusCode).toBe(404);

    const operator = makeUser({ operator: true });
    const approved = await directory('POST', `/api/ports/${a.portId}/approve`, operator);
    expect(approved.statusCode, approved.body).toBe(200);

    const detailOfB = async () => (await inquiry('GET', `/api/inquiries/${b.inquiryId}`, b.user)).json();
    const moved = await eventually(detailOfB, (d) => d.port_id === a.portId);
    expect(moved).toMatchObject({
      port_id: a.portId,
      port_name: 'Moerdijk',
      port_details: { name: 'Moerdijk', unlocode: 'NLMOE', country: 'NL', timezone: 'Europe/Amsterdam' },
    });
    // B's timeline says why its port changed, and A's own inquiry already named the approved port and keeps it.
    const timelineOf = async (c: { inquiryId: string; user: TestUser }) =>
      (await inquiry('GET', `/api/inquiries/${c.inquiryId}/timeline`, c.user)).json().items;
    expect((await timelineOf(b)).at(-1)).toEqual({
      at: expect.any(String),
      actor: { kind: 'system', name: 'Port register' },
      type: 'port_merged',
      detail: { unlocode: 'NLMOE' },
      changes: { port: { before: 'Moerdyk (NLMOE)', after: 'Moerdijk (NLMOE)' } },
    });
    expect((await inquiry('GET', `/api/inquiries/${a.inquiryId}`, a.user)).json().port_id).toBe(a.portId);
    expect((await timelineOf(a)).map((i: { type: string }) => i.type)).toEqual(['inquiry_created']);
    const supplierOfB = (await directory('GET', `/api/suppliers/${b.supplierId}`, b.user)).json();
    expect(supplierOfB.ports.map((p: { id: string }) => p.id)).toEqual([a.portId]);
    const suggestedForB = (await directory('GET', `/api/suppliers/by-port/${a.portId}`, b.user)).json();
    expect(suggestedForB.map((x: { id: string }) => x.id)).toEqual([b.supplierId]);

    // The inquiry service confirmed the event, so the directory stops handing it over.
    const unconfirmed = () =>
      s.directory.deps.database.db
        .selectFrom('outbox')
        .select('id')
        .where('confirmed_at', 'is', null)
        .execute();
    expect(await eventually(unconfirmed, (rows) => rows.length === 0)).toEqual([]);
  });

  it('when a merge is delivered again or names another company’s inquiry, then nothing more changes', async () => {
    const c = await companyWithPort('Moerdijk Again', 'NLMOK');
    const other = makeUser();
    const event = {
      port: {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'Shared',
        unlocode: 'NLMOE',
        country: 'NL',
        timezone: 'Europe/Amsterdam',
        region: null,
      },
      // The port is c's, but the event says it was another company's: c's inquiry stays.
      merged: [{ port_id: c.portId, tenant_id: other.tenantId }],
    };
    expect(await repointInquiries(s.inquiry.deps.database.db, event)).toEqual([]);
    const mine = { ...event, merged: [{ port_id: c.portId, tenant_id: c.user.tenantId }] };
    expect(await repointInquiries(s.inquiry.deps.database.db, mine)).toEqual([
      { id: c.inquiryId, tenant_id: c.user.tenantId, was_name: 'Moerdijk Again', was_unlocode: 'NLMOK' },
    ]);
    expect(await repointInquiries(s.inquiry.deps.database.db, mine)).toEqual([]);
  });
});
