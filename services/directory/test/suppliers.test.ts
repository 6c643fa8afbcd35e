import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@mfd/contracts';
import { createProducerConnection, createQueueConnection, queuePrefix } from '@mfd/queue';
import { bearer, makeColleague, makeUser, testInfra, type TestUser } from '@mfd/testing';
import { startInquiryEvents } from '../src/jobs/inquiry-events';
import { NEW_CUSTOMER } from './fixtures';
import { startDirectory } from './harness';

describe('suppliers and supplier companies', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  let ports: Record<string, string>;
  beforeAll(async () => {
    d = await startDirectory();
    const rows = await d.deps.database.db.selectFrom('ports').select(['id', 'unlocode']).execute();
    ports = Object.fromEntries(rows.map((r) => [r.unlocode.trim(), r.id]));
  });
  afterAll(() => d.close());

  const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    d.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

  const supplier = () => ({
    trading_name: 'Lion City Bunkering',
    default_email: 'Trading@LionCity.example',
    default_phone: '+65 6220-1234',
    contacts: [
      {
        name: 'Tan Wei Ming',
        email: 'weiming@lioncity.example',
        phone: '+65 9123-4567',
        role: 'Trader',
        is_primary: true,
      },
      { name: 'Ops Desk', email: 'ops@lioncity.example' },
    ],
    port_ids: [ports.SGSIN],
  });

  it('when a supplier is added with contacts and a port, then it has its own company, the General tag and is active', async () => {
    const user = makeUser();
    const res = await send(user, 'POST', '/api/suppliers', supplier());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().detail).toBe('Supplier created successfully!');
    const view = (await send(user, 'GET', `/api/suppliers/${res.json().id}`)).json();
    expect(view).toMatchObject({
      trading_name: 'Lion City Bunkering',
      default_email: 'trading@lioncity.example',
      status: 'active',
      tags: ['General'],
      company_name: 'Lion City Bunkering',
      ports: [{ unlocode: 'SGSIN', name: 'Singapore' }],
    });
    expect(view.contacts.map((c: { name: string; is_primary: boolean }) => [c.name, c.is_primary])).toEqual([
      ['Tan Wei Ming', true],
      ['Ops Desk', false],
    ]);
    // Phones keep the grouping typed.
    expect([view.default_phone, view.contacts[0].phone]).toEqual(['+65 6220-1234', '+65 9123-4567']);
    const companies = (await send(user, 'GET', '/api/companies?type=supplier')).json();
    expect(companies).toEqual([
      expect.objectContaining({ id: view.company_id, country: 'XX', suppliers_count: 1, type: 'supplier' }),
    ]);
  });

  it('when trading name and e-mail are missing or a port does not exist, then 400 names them and nothing is written', async () => {
    const user = makeUser();
    const bad = await send(user, 'POST', '/api/suppliers', { trading_name: '', default_email: 'nope' });
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['default_email', 'trading_name']);
    const noPort = await send(user, 'POST', '/api/suppliers', { ...supplier(), port_ids: [randomUUID()] });
    expect(noPort.statusCode).toBe(400);
    expect(noPort.json().errors).toEqual([
      { field: 'port_ids', message: 'Some of the selected ports do not exist' },
    ]);
    const contact = await send(user, 'POST', '/api/suppliers', {
      ...supplier(),
      contacts: [{ name: 'X', email: 'bad' }],
    });
    expect(contact.json().errors[0].field).toBe('contacts.0.email');
    expect((await send(user, 'GET', '/api/suppliers')).json()).toEqual([]);
    expect((await send(user, 'GET', '/api/companies')).json()).toEqual([]);
  });

  it('when a supplier is replaced with PUT, then contacts and ports are replaced; deactivating keeps it listed as inactive', async () => {
    const user = makeUser();
    const id = (await send(user, 'POST', '/api/suppliers', supplier())).json().id;
    const { company_id } = (await send(user, 'GET', `/api/suppliers/${id}`)).json();
    const edit = {
      ...supplier(),
      company_id,
      status: 'inactive',
      tags: ['Premium', 'Premium', 'Singapore'],
      is_default_for_ports: true,
      contacts: [{ name: 'New Desk', email: 'desk@lioncity.example' }],
      port_ids: [ports.NLRTM, ports.DEHAM],
    };
    const res = await send(makeColleague(user), 'PUT', `/api/suppliers/${id}`, edit);
    expect(res.json()).toEqual({ success: true, detail: 'Supplier updated successfully!' });
    const view = (await send(user, 'GET', `/api/suppliers/${id}`)).json();
    expect(view).toMatchObject({
      status: 'inactive',
      tags: ['Premium', 'Singapore'],
      is_default_for_ports: true,
      contacts: [{ name: 'New Desk' }],
    });
    expect(view.ports.map((p: { unlocode: string }) => p.unlocode)).toEqual(['DEHAM', 'NLRTM']);
    expect((await send(user, 'GET', '/api/suppliers?status=inactive')).json()).toHaveLength(1);
    expect((await send(user, 'GET', '/api/suppliers/stats')).json()).toEqual({ total: 1, active: 0 });
  });

  it('when a supplier is changed with PATCH, then only the fields sent change: contacts, ports, tags and the port default are kept', async () => {
    const user = makeUser();
    const id = (
      await send(user, 'POST', '/api/suppliers', {
        ...supplier(),
        tags: ['Premium'],
        is_default_for_ports: true,
      })
    ).json().id;
    const before = (await send(user, 'GET', `/api/suppliers/${id}`)).json();
    // What the edit dialog sends when only the name and status were changed.
    const res = await send(makeColleague(user), 'PATCH', `/api/suppliers/${id}`, {
      trading_name: 'Lion City Marine Fuels',
      status: 'inactive',
    });
    expect(res.json()).toEqual({ success: true, detail: 'Supplier updated successfully!' });
    const after = (await send(user, 'GET', `/api/suppliers/${id}`)).json();
    expect(after).toEqual({
      ...before,
      trading_name: 'Lion City Marine Fuels',
      status: 'inactive',
      updated_at: expect.any(String),
    });
    expect(after.contacts).toHaveLength(2);
    expect(after).toMatchObject({
      tags: ['Premium'],
      is_default_for_ports: true,
      ports: [{ unlocode: 'SGSIN' }],
    });

    // A list that is sent replaces the old one; a bad value is a 400 that changes nothing.
    await send(user, 'PATCH', `/api/suppliers/${id}`, {
      port_ids: [ports.NLRTM],
      is_default_for_ports: false,
    });
    const moved = (await send(user, 'GET', `/api/suppliers/${id}`)).json();
    expect(moved).toMatchObject({
      trading_name: 'Lion City Marine Fuels',
      is_default_for_ports: false,
      ports: [{ unlocode: 'NLRTM' }],
    });
    expect(moved.contacts).toHaveLength(2);
    const bad = await send(user, 'PATCH', `/api/suppliers/${id}`, {
      trading_name: '',
      default_email: null,
      tags: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['default_email', 'tags', 'trading_name']);
    expect((await send(user, 'GET', `/api/suppliers/${id}`)).json()).toEqual(moved);
  });

  it('when a PUT leaves fields out, then 400 names each missing field and the supplier is unchanged', async () => {
    const user = makeUser();
    const id = (await send(user, 'POST', '/api/suppliers', supplier())).json().id;
    const before = (await send(user, 'GET', `/api/suppliers/${id}`)).json();
    const res = await send(user, 'PUT', `/api/suppliers/${id}`, {
      trading_name: 'Lion City Bunkering',
      default_email: 'trading@lioncity.example',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Array<{ field: string; message: string }>;
    expect(errors.sort((a, b) => a.field.localeCompare(b.field))).toEqual(
      [
        ['company_id', 'Company is required'],
        ['contacts', 'Contacts is required'],
        ['default_phone', 'Phone is required'],
        ['is_default_for_ports', 'Default for ports is required'],
        ['port_ids', 'Ports is required'],
        ['status', 'Status is required'],
        ['tags', 'Tags is required'],
      ].map(([field, message]) => ({ field, message })),
    );
    expect((await send(user, 'GET', `/api/suppliers/${id}`)).json()).toEqual(before);
  });

  it('when the inquiry service asks who covers a port, then the active suppliers of that company come with contacts', async () => {
    const user = makeUser();
    await send(user, 'POST', '/api/suppliers', supplier());
    await send(user, 'POST', '/api/suppliers', {
      ...supplier(),
      trading_name: 'Dormant Fuels',
      status: 'inactive',
    });
    await send(user, 'POST', '/api/suppliers', {
      ...supplier(),
      trading_name: 'Elsewhere Oil',
      port_ids: [ports.NLRTM],
    });
    await send(user, 'POST', '/api/suppliers', {
      ...supplier(),
      trading_name: 'Anywhere Marine',
      port_ids: [],
      is_default_for_ports: true,
    });
    await send(makeUser(), 'POST', '/api/suppliers', supplier());
    const covering = (await send(user, 'GET', `/api/suppliers/by-port/${ports.SGSIN}`)).json();
    expect(covering.map((s: { trading_name: string }) => s.trading_name)).toEqual([
      'Anywhere Marine',
      'Lion City Bunkering',
    ]);
    expect(covering[1].contacts).toHaveLength(2);
  });

  it('when a service reads suppliers by ids, then it gets those of the caller’s company only, whatever their status', async () => {
    const user = makeUser();
    const mine = (await send(user, 'POST', '/api/suppliers', supplier())).json().id;
    const dormant = (
      await send(user, 'POST', '/api/suppliers', {
        ...supplier(),
        trading_name: 'Dormant',
        status: 'inactive',
      })
    ).json().id;
    const foreign = (await send(makeUser(), 'POST', '/api/suppliers', supplier())).json().id;
    const read = await send(user, 'GET', `/api/suppliers?ids=${[mine, dormant, foreign].join(',')}`);
    expect(read.statusCode).toBe(200);
    expect(
      read
        .json()
        .map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([mine, dormant].sort());

    const bad = await send(user, 'GET', '/api/suppliers?ids=not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'ids.0' })]);
    const bounded = await send(user, 'GET', '/api/suppliers?limit=1');
    expect(bounded.json()).toHaveLength(1);
  });

  it('when a supplier company is created and edited, then the country placeholder and the edit are kept', async () => {
    const user = makeUser({ role: 'admin' });
    const res = await send(user, 'POST', '/api/companies', {
      type: 'supplier',
      legal_name: 'Gulf Energy LLC',
      brand_name: 'Gulf Energy',
      status: 'active',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(
      (await send(user, 'POST', '/api/companies', { type: 'customer', legal_name: 'X' })).statusCode,
    ).toBe(400);
    const edit = await send(user, 'PUT', `/api/companies/${id}`, {
      legal_name: 'Gulf Energy Bunkers LLC',
      country: 'ae',
      city: 'Dubai',
      status: 'inactive',
    });
    expect(edit.json()).toEqual({ success: true, detail: 'Company updated successfully!' });
    const supplierId = (await send(user, 'POST', '/api/suppliers', { ...supplier(), company_id: id })).json()
      .id;
    expect((await send(user, 'GET', `/api/suppliers/${supplierId}`)).json().company_name).toBe(
      'Gulf Energy Bunkers LLC',
    );
    expect((await send(user, 'GET', '/api/companies?type=supplier')).json()[0]).toMatchObject({
      country: 'AE',
      city: 'Dubai',
      status: 'inactive',
      suppliers_count: 1,
    });
  });

  it('when an inquiry.created event arrives, then the customer’s inquiry count goes up once, even if the event comes again', async () => {
    const user = makeUser();
    const customerId = (await send(user, 'POST', '/api/customers/detailed', NEW_CUSTOMER)).json().id;
    const connection = createQueueConnection(testInfra().redisUrl);
    const producer = createProducerConnection(testInfra().redisUrl);
    const worker = startInquiryEvents({
      db: d.deps.database.db,
      connection,
      redisPrefix: d.deps.config.REDIS_PREFIX,
      logger: pino({ level: 'silent' }),
    });
    const queue = new Queue(QUEUES.directoryEvents, {
      connection: producer,
      prefix: queuePrefix(d.deps.config.REDIS_PREFIX),
    });
    try {
      const event = {
        type: 'inquiry.created',
        tenant_id: user.tenantId,
        inquiry_id: randomUUID(),
        customer_id: customerId,
        at: new Date().toISOString(),
      };
      const jobId = randomUUID();
      const count = async () =>
        (await send(user, 'GET', `/api/customers/${customerId}`)).json().inquiry_count;
      await queue.add('inquiry.created', event, { jobId });
      await expect.poll(count, { timeout: 5000 }).toBe(1);
      // A redelivery: the same job id again once the first copy has left the queue. The worker
      // holds a handled job until its confirmation's batch has gone out.
      await expect.poll(async () => (await queue.getJob(jobId))?.isActive() ?? false).toBe(false);
      await (await queue.getJob(jobId))?.remove();
      await queue.add('inquiry.created', event, { jobId });
      await queue.add('inquiry.created', { ...event, inquiry_id: randomUUID() }, { jobId: randomUUID() });
      await expect.poll(count, { timeout: 5000 }).toBe(2);
      await new Promise((r) => setTimeout(r, 200));
      expect(await count()).toBe(2);
    } finally {
      await worker.close();
      await queue.close();
      connection.disconnect();
      producer.disconnect();
    }
  });
});
