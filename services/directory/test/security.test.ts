import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, type RouteEntry } from '@mfd/service-kit';
import { bearer, makeUser, protectedRoutes, type TestUser } from '@mfd/testing';
import { startDirectory } from './harness';

type Directory = Awaited<ReturnType<typeof startDirectory>>;

const ADMIN_ROUTES = ['POST /api/admin/sample-data', 'POST /api/vessels'];

/** Writes to shared reference data that any signed-in user may make (the spec's Add New Port dialog). */
const SHARED_WRITES_FOR_EVERYONE = ['POST /api/ports', 'POST /api/ports/detailed'];

interface Call {
  url: string;
  payload?: string | object;
  headers?: Record<string, string>;
}

let unique = 0;
const code = () => `Q${String(++unique).padStart(4, '0')}`;
/** A port code of its own each time: SG and three letters. */
const portCode = () => {
  const n = ++unique;
  return `SGQ${String.fromCharCode(65 + (Math.floor(n / 26) % 26), 65 + (n % 26))}`;
};

async function createProduct(d: Directory, operator: TestUser): Promise<string> {
  const res = await d.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(operator),
    payload: { code: code(), spec_version: 'ISO8217:2017', sulfur_max: '0.5' },
  });
  if (res.statusCode !== 201) throw new Error(`product not created: ${res.body}`);
  return res.json().id;
}

async function createVessel(d: Directory, user: TestUser): Promise<string> {
  const res = await d.app.inject({
    method: 'POST',
    url: '/api/vessels',
    headers: bearer(user),
    payload: { imo: '9703291', name: 'MSC Oscar' },
  });
  if (res.statusCode !== 201) throw new Error(`vessel not created: ${res.body}`);
  return res.json().id;
}

async function createPort(d: Directory, user: TestUser): Promise<string> {
  const res = await d.app.inject({
    method: 'POST',
    url: '/api/ports',
    headers: bearer(user),
    payload: { unlocode: portCode(), name: 'Test Harbour', country: 'SG' },
  });
  if (res.statusCode !== 201) throw new Error(`port not created: ${res.body}`);
  return res.json().id;
}

function codeListUpload(): Call {
  const boundary = `----mfd${randomUUID()}`;
  const csv =
    'Change,Country,Location,Name,NameWoDiacritics,Subdivision,Function,Status,Date,IATA,Coordinates,Remarks\n,"SG","BKM","Bukit Merah Estate","Bukit Merah Estate","01","1-3-----","RL","1401",,"0117N 10349E",\n';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="code-list.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return {
    url: '/api/ports/bulk-import',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A request each operator route succeeds with. Every route marked operator must have one here,
 * so a new operator route without coverage fails the test.
 */
const OPERATOR_CALLS: Record<string, (d: Directory, operator: TestUser) => Promise<Call>> = {
  'POST /api/products': async () => ({
    url: '/api/products',
    payload: { code: code(), spec_version: 'ISO8217:2017', sulfur_max: '0.5' },
  }),
  'PUT /api/products/:id': async (d, op) => ({
    url: `/api/products/${await createProduct(d, op)}`,
    payload: { code: code(), spec_version: 'ISO8217:2024', sulfur_max: '0.1' },
  }),
  'DELETE /api/products/:id': async (d, op) => ({ url: `/api/products/${await createProduct(d, op)}` }),
  'POST /api/products/add-standard-fuels': async () => ({ url: '/api/products/add-standard-fuels' }),
  'POST /api/ports/bulk-import': async () => codeListUpload(),
  'PUT /api/ports/:id': async (d, op) => ({
    url: `/api/ports/${await createPort(d, op)}`,
    payload: { unlocode: portCode(), name: 'Renamed Harbour', country: 'SG' },
  }),
  'DELETE /api/ports/:id': async (d, op) => ({ url: `/api/ports/${await createPort(d, op)}` }),
  'GET /api/ports/pending': async () => ({ url: '/api/ports/pending' }),
  // A company's own port: every call makes a fresh one, as a successful approval shares it.
  'POST /api/ports/:id/approve': async (d) => ({
    url: `/api/ports/${await createPort(d, makeUser())}/approve`,
  }),
  'POST /api/ports/:id/reject': async (d) => ({
    url: `/api/ports/${await createPort(d, makeUser())}/reject`,
  }),
  'GET /api/vessels/pending': async () => ({ url: '/api/vessels/pending' }),
  'POST /api/vessels/:id/confirm': async (d) => ({
    url: `/api/vessels/${await createVessel(d, makeUser({ role: 'admin' }))}/confirm`,
  }),
};

const key = (r: RouteEntry) => `${r.method} ${r.url}`;

describe('directory refuses callers without a valid token, role or operator flag', () => {
  let d: Directory;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());

  const badTokens: Record<string, () => Record<string, string>> = {
    'no token': () => ({}),
    'an expired token': () => bearer(makeUser({ expiresIn: -60 })),
    'a token signed by another key': () => bearer(makeUser({ keys: generateKeyPair() })),
  };

  for (const [name, headers] of Object.entries(badTokens)) {
    it(`when a caller sends ${name}, then every protected route answers 401`, async () => {
      const routes = protectedRoutes(d.app.routeTable);
      expect(routes.length).toBeGreaterThan(20);
      for (const route of routes) {
        const res = await d.app.inject({
          method: route.method as 'GET',
          url: route.path,
          headers: headers(),
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    });
  }

  it('when a trader calls an admin route, then 403; the admin routes are exactly these', async () => {
    const adminRoutes = d.app.routeTable.filter((r) => r.role === 'admin');
    expect(adminRoutes.map(key).sort()).toEqual(ADMIN_ROUTES);
    for (const route of protectedRoutes(adminRoutes)) {
      const res = await d.app.inject({
        method: route.method as 'GET',
        url: route.path,
        headers: bearer(makeUser()),
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('when a write to shared ports or products is added, then it is an operator route unless everyone may make it', () => {
    const sharedWrites = d.app.routeTable.filter(
      (r) => r.method !== 'GET' && /^\/api\/(ports|products)(\/|$)/.test(r.url),
    );
    const open = sharedWrites
      .filter((r) => !r.operator)
      .map(key)
      .sort();
    expect(open).toEqual(SHARED_WRITES_FOR_EVERYONE);
  });

  it('when a trader or a company admin calls an operator route, then 403; a platform operator succeeds on every one', async () => {
    const operatorRoutes = d.app.routeTable.filter((r) => r.operator);
    expect(operatorRoutes.map(key).sort()).toEqual(Object.keys(OPERATOR_CALLS).sort());
    const operator = makeUser({ operator: true });
    for (const route of operatorRoutes) {
      const call = await OPERATOR_CALLS[key(route)]!(d, operator);
      const inject = (user: TestUser) =>
        d.app.inject({
          method: route.method as 'GET',
          url: call.url,
          payload: call.payload,
          headers: { ...bearer(user), ...call.headers },
        });
      expect((await inject(makeUser())).statusCode, `trader: ${key(route)}`).toBe(403);
      expect((await inject(makeUser({ role: 'admin' }))).statusCode, `company admin: ${key(route)}`).toBe(
        403,
      );
      const ok = await inject(operator);
      expect(ok.statusCode, `operator: ${key(route)} ${ok.body}`).toBeGreaterThanOrEqual(200);
      expect(ok.statusCode, `operator: ${key(route)} ${ok.body}`).toBeLessThan(300);
    }
  });
});
