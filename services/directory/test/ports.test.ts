import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startDirectory } from './harness';

describe('ports', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());
  const trader = makeUser();

  const get = (url: string, user: TestUser = trader) =>
    d.app.inject({ method: 'GET', url, headers: bearer(user) });
  const post = (url: string, payload: object, user: TestUser = trader) =>
    d.app.inject({ method: 'POST', url, headers: bearer(user), payload });
  const codes = async (q: string) =>
    (await get(`/api/ports/search?q=${encodeURIComponent(q)}`))
      .json()
      .map((p: { unlocode: string }) => p.unlocode);

  it('when the product starts, then the spec’s ten ports are there with coordinates and zones', async () => {
    const page = (await get('/api/ports?limit=20')).json();
    expect(page.total).toBe(10);
    expect(page.items.map((p: { unlocode: string }) => p.unlocode)).toEqual([
      'AEJEA',
      'AUSYD',
      'CNSHA',
      'DEHAM',
      'GBFXT',
      'JPYOK',
      'NLRTM',
      'SGSIN',
      'USHOU',
      'USNYC',
    ]);
    expect(page.items.find((p: { unlocode: string }) => p.unlocode === 'SGSIN')).toMatchObject({
      name: 'Singapore',
      country: 'SG',
      timezone: 'Asia/Singapore',
      lat: 1.2833,
      lon: 103.8333,
    });
  });

  it('when searching "sgsin", "singapore" or "SG sin", then Singapore comes first', async () => {
    await post('/api/ports', { unlocode: 'SGSNP', name: 'Sin Port Test', country: 'SG' });
    await post('/api/ports', { unlocode: 'MYSIN', name: 'Singa Harbour', country: 'MY' });
    for (const q of ['sgsin', 'singapore', 'SG sin', 'SGSIN']) expect((await codes(q))[0], q).toBe('SGSIN');
    expect(await codes('rotterdm')).toContain('NLRTM');
    expect(await codes('s')).toEqual([]);
    const [first] = (await get('/api/ports/search?q=singapore')).json();
    expect(first).toMatchObject({
      display_name: 'Singapore (SGSIN)',
      country: 'SG',
      timezone: 'Asia/Singapore',
    });
  });

  it('when a port is added, then codes are upper-cased and it can be looked up; a duplicate is 409', async () => {
    const res = await post('/api/ports', {
      unlocode: 'nlams',
      name: 'Amsterdam',
      country: 'nl',
      timezone: 'Europe/Amsterdam',
      lat: '52.37',
      lon: 4.9,
    });
    expect(res.statusCode, res.body).toBe(201);
    const lookup = await get('/api/ports/nlams/lookup');
    expect(lookup.json()).toMatchObject({
      success: true,
      port: { unlocode: 'NLAMS', lat: 52.37, lon: 4.9, source: 'manual' },
      detail: 'A port with UN/LOCODE NLAMS already exists',
    });
    const dup = await post('/api/ports', { unlocode: 'NLAMS', name: 'Amsterdam', country: 'NL' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([
      { field: 'unlocode', message: 'A port with UN/LOCODE NLAMS already exists' },
    ]);
  });

  it('when port fields are bad, then 400 names each one', async () => {
    const cases: Array<[string, object]> = [
      ['unlocode', { unlocode: 'SGSI' }],
      ['name', { name: '' }],
      ['country', { country: 'XX' }],
      ['timezone', { timezone: 'Mars/Olympus' }],
      ['lat', { lat: 95, lon: 10 }],
      ['lon', { lat: 10, lon: 'east' }],
      ['lon', { lat: 10 }],
    ];
    for (const [field, change] of cases) {
      const res = await post('/api/ports', { unlocode: 'SGXYZ', name: 'Test', country: 'SG', ...change });
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        JSON.stringify(change),
      ).toContain(field);
    }
  });

  it('when a code is looked up that is unknown or not 5 characters, then the spec’s messages', async () => {
    expect((await get('/api/ports/ZZZZZ/lookup')).json()).toEqual({
      success: false,
      detail: 'UN/LOCODE ZZZZZ not found in our database. Please enter details manually.',
    });
    const short = await get('/api/ports/SGS/lookup');
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('Please enter a valid 5-character UN/LOCODE (e.g., SGSIN).');
  });

  it('when a port is added with suppliers and a new inline supplier, then all commit together', async () => {
    const user = makeUser();
    const existing = (
      await post(
        '/api/suppliers',
        { trading_name: 'Existing Fuels', default_email: 'x@existing.example' },
        user,
      )
    ).json().id;
    const res = await post(
      '/api/ports/detailed',
      {
        port: {
          unlocode: 'BEANR',
          name: 'Antwerpen',
          country: 'BE',
          region: 'Europe',
          timezone: 'Europe/Berlin',
        },
        suppliers: [existing],
        new_supplier: { trading_name: 'Scheldt Bunkers', email: 'ops@scheldt.example', phone: '' },
      },
      user,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      suppliers_linked: 2,
      pending: true,
      detail:
        'Port added successfully! 2 suppliers linked to this port (including 1 new supplier). Only your company sees it until a platform operator approves it.',
    });
    const covering = (await get(`/api/suppliers/by-port/${res.json().port_id}`, user)).json();
    expect(covering.map((s: { trading_name: string }) => s.trading_name).sort()).toEqual([
      'Existing Fuels',
      'Scheldt Bunkers',
    ]);
    expect(
      covering.find((s: { trading_name: string }) => s.trading_name === 'Scheldt Bunkers'),
    ).toMatchObject({ status: 'active', tags: ['General'] });
  });

  it('when a linked supplier belongs to another company, then 400 and neither port nor new supplier is left behind', async () => {
    const user = makeUser();
    const foreign = (
      await post(
        '/api/suppliers',
        { trading_name: 'Not Yours', default_email: 'x@other.example' },
        makeUser(),
      )
    ).json().id;
    const res = await post(
      '/api/ports/detailed',
      {
        port: { unlocode: 'ESBCN', name: 'Barcelona', country: 'ES' },
        suppliers: [foreign, randomUUID()],
        new_supplier: { trading_name: 'Catalan Oil', email: 'ops@catalan.example' },
      },
      user,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'suppliers', message: 'Some of the selected suppliers do not exist' },
    ]);
    expect((await get('/api/ports/ESBCN/lookup', user)).statusCode).toBe(404);
    expect((await get('/api/suppliers', user)).json()).toEqual([]);
  });

  it('when an inline supplier lacks its e-mail, then 400 names it', async () => {
    const res = await post('/api/ports/detailed', {
      port: { unlocode: 'FRLEH', name: 'Le Havre', country: 'FR' },
      new_supplier: { trading_name: 'Seine Fuels' },
    });
    expect(res.json().errors).toEqual([
      { field: 'new_supplier.email', message: 'Supplier email is required' },
    ]);
  });

  it('when statistics are asked for, then totals and countries are counted, most ports first', async () => {
    const stats = (await get('/api/ports/stats')).json();
    const total = (await get('/api/ports?limit=1')).json().total;
    expect(stats.success).toBe(true);
    expect(stats.total_ports).toBe(total);
    expect(stats.by_country.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(total);
    const counts = stats.by_country.map((c: { count: number }) => c.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(stats.by_region.length).toBeGreaterThan(0);
  });
});
