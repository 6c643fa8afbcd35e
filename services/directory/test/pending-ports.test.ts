import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { startDirectory } from './harness';

type Directory = Awaited<ReturnType<typeof startDirectory>>;

describe('ports a company adds stay its own until an operator approves them', () => {
  let d: Directory;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());
  const operator = makeUser({ operator: true });

  const get = (url: string, user: TestUser) => d.app.inject({ method: 'GET', url, headers: bearer(user) });
  const post = (url: string, user: TestUser, payload?: object) =>
    d.app.inject({ method: 'POST', url, headers: bearer(user), ...(payload ? { payload } : {}) });
  /** A code of its own per test, so the tests share nothing: NL and three letters. */
  const freshCode = () =>
    `NL${Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
  const addPort = async (user: TestUser, unlocode: string, name = 'Moerdijk Buoy') => {
    const res = await post('/api/ports', user, { unlocode, name, country: 'NL', region: 'Test' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; pending: boolean; detail: string };
  };
  const searchCodes = async (user: TestUser, q: string) =>
    (await get(`/api/ports/search?q=${encodeURIComponent(q)}`, user))
      .json()
      .map((p: { unlocode: string; pending: boolean }) => `${p.unlocode}${p.pending ? ' (pending)' : ''}`);
  const reviewList = async () =>
    ((await get('/api/ports/pending', operator)).json() as Array<{ id: string }>).map((p) => p.id);
  const outboxEvents = () =>
    d.deps.database.db
      .selectFrom('outbox')
      .select(['queue', 'payload'])
      .where('queue', '=', 'inquiry.events')
      .execute();

  it('when a trader adds a port, then it answers pending and only their company sees, finds or looks it up', async () => {
    const owner = makeUser();
    const colleague = makeUser({ tenantId: owner.tenantId });
    const other = makeUser();
    const code = freshCode();
    const added = await addPort(owner, code, 'Zwijndrecht Anchorage');
    expect(added).toMatchObject({
      pending: true,
      detail: 'Port added successfully! Only your company sees it until a platform operator approves it.',
    });

    expect((await get(`/api/ports/${added.id}`, colleague)).json()).toMatchObject({
      unlocode: code,
      pending: true,
      region: 'Test',
    });
    expect(await searchCodes(colleague, 'zwijndrecht')).toEqual([`${code} (pending)`]);
    expect((await get(`/api/ports/${code}/lookup`, colleague)).statusCode).toBe(200);

    expect((await get(`/api/ports/${added.id}`, other)).statusCode).toBe(404);
    expect(await searchCodes(other, 'zwijndrecht')).toEqual([]);
    expect(await searchCodes(other, code)).toEqual([]);
    expect((await get(`/api/ports/${code}/lookup`, other)).statusCode).toBe(404);
    const list = (await get(`/api/ports?q=${code}`, other)).json();
    expect(list).toMatchObject({ total: 0, items: [] });
    const stats = (await get('/api/ports/stats', other)).json();
    expect(stats.by_region.map((r: { _id: string }) => r._id)).not.toContain('Test');
    // Nor can the other company's supplier be said to cover it.
    const supplier = await post('/api/suppliers', other, {
      trading_name: 'Elsewhere Fuels',
      default_email: 'desk@elsewhere.example',
      port_ids: [added.id],
    });
    expect(supplier.statusCode).toBe(400);
    expect(supplier.json().errors).toEqual([
      { field: 'port_ids', message: 'Some of the selected ports do not exist' },
    ]);
  });

  it('when two companies add the same code, then each has its own; a second add within one company is 409; a shared code is 409 for all', async () => {
    const a = makeUser();
    const b = makeUser();
    const code = freshCode();
    const first = await addPort(a, code);
    const second = await addPort(b, code);
    expect(second.id).not.toBe(first.id);
    expect((await post('/api/ports', a, { unlocode: code, name: 'Again', country: 'NL' })).statusCode).toBe(
      409,
    );
    const shared = await post('/api/ports', b, { unlocode: 'SGSIN', name: 'Singapore', country: 'SG' });
    expect(shared.statusCode).toBe(409);
    expect(shared.json().errors).toEqual([
      { field: 'unlocode', message: 'A port with UN/LOCODE SGSIN already exists' },
    ]);
  });

  it('when an operator approves one, then both companies’ ports of the code are one shared port, with their suppliers on it and the inquiry service told', async () => {
    const a = makeUser();
    const b = makeUser();
    const third = makeUser();
    const code = freshCode();
    const portA = await addPort(a, code, 'Dordrecht Terminal');
    const portB = await addPort(b, code, 'Dordrecht (typo) Terminal');
    const supplierB = (
      await post('/api/suppliers', b, {
        trading_name: 'Merwede Bunkers',
        default_email: 'ops@merwede.example',
        port_ids: [portB.id],
      })
    ).json().id;

    expect(await reviewList()).toEqual(expect.arrayContaining([portA.id, portB.id]));
    const pending = (await get('/api/ports/pending', operator)).json();
    expect(pending.find((p: { id: string }) => p.id === portB.id)).toMatchObject({
      unlocode: code,
      pending: true,
      suppliers_count: 1,
    });

    const approved = await post(`/api/ports/${portA.id}/approve`, operator);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ success: true, detail: 'Port approved: every company now sees it.' });

    for (const user of [a, b, third]) {
      expect(await searchCodes(user, 'dordrecht'), `tenant ${user.tenantId}`).toEqual([code]);
      expect((await get(`/api/ports/${portA.id}`, user)).json()).toMatchObject({
        name: 'Dordrecht Terminal',
        pending: false,
      });
    }
    expect((await get(`/api/ports/${portB.id}`, b)).statusCode).toBe(404);
    const supplier = (await get(`/api/suppliers/${supplierB}`, b)).json();
    expect(supplier.ports.map((p: { id: string }) => p.id)).toEqual([portA.id]);
    expect(await reviewList()).not.toContain(portB.id);

    const events = (await outboxEvents()).filter(
      (e) => e.payload.type === 'directory.ports-merged' && e.payload.port.id === portA.id,
    );
    expect(events.map((e) => e.payload)).toEqual([
      {
        type: 'directory.ports-merged',
        port: {
          id: portA.id,
          name: 'Dordrecht Terminal',
          unlocode: code,
          country: 'NL',
          timezone: 'UTC',
          region: 'Test',
        },
        merged: [{ port_id: portB.id, tenant_id: b.tenantId }],
        at: expect.any(String),
      },
    ]);

    // Shared now: neither approve nor reject applies again.
    expect((await post(`/api/ports/${portA.id}/approve`, operator)).statusCode).toBe(409);
    expect((await post(`/api/ports/${portA.id}/reject`, operator)).json()).toEqual({
      success: false,
      detail: 'This port is already shared with every company',
    });
    expect((await post(`/api/ports/${randomUUID()}/approve`, operator)).statusCode).toBe(404);
  });

  it('when an operator rejects one, then it stays its company’s own, off the review list, still unseen by others', async () => {
    const owner = makeUser();
    const other = makeUser();
    const port = await addPort(owner, freshCode(), 'Scheldt Jetty');
    const rejected = await post(`/api/ports/${port.id}/reject`, operator);
    expect(rejected.json()).toEqual({
      success: true,
      detail: 'Port not shared: it stays with the company that added it.',
    });
    expect((await get(`/api/ports/${port.id}`, owner)).json()).toMatchObject({ pending: true });
    expect((await get(`/api/ports/${port.id}`, other)).statusCode).toBe(404);
    expect(await reviewList()).not.toContain(port.id);
    expect((await post(`/api/ports/${randomUUID()}/reject`, operator)).statusCode).toBe(404);
  });

  it('when an operator adds or imports a code companies hold as their own, then theirs merge into the shared port', async () => {
    const a = makeUser();
    const code = freshCode();
    const own = await addPort(a, code);
    const shared = await post('/api/ports', operator, {
      unlocode: code,
      name: 'Official Name',
      country: 'NL',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json()).toMatchObject({ pending: false, detail: 'Port added successfully!' });
    expect((await get(`/api/ports/${own.id}`, a)).statusCode).toBe(404);
    expect((await get(`/api/ports/${code}/lookup`, a)).json().port).toMatchObject({
      id: shared.json().id,
      name: 'Official Name',
      pending: false,
    });

    // The sample code list shares ports such as NLRTM's neighbours; a company's own NLVLA merges on import.
    const b = makeUser();
    const imported = await addPort(b, 'NLVLA', 'Vlaardingen (own)');
    const boundary = `----mfd${randomUUID()}`;
    const csv = ',"NL","VLA","Vlaardingen","Vlaardingen","ZH","1-------","AI","0601",,"5154N 00420E",\n';
    const res = await d.app.inject({
      method: 'POST',
      url: '/api/ports/bulk-import',
      headers: { ...bearer(operator), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/ports/${imported.id}`, b)).statusCode).toBe(404);
    expect((await get('/api/ports/NLVLA/lookup', b)).json().port).toMatchObject({
      name: 'Vlaardingen',
      pending: false,
      source: 'unlocode',
    });
  });
});
