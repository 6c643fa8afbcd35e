import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type TestUser } from '@mfd/testing';
import { CUSTOMER_REPLACEMENT, NEW_CUSTOMER } from './fixtures';
import { startDirectory } from './harness';

type Directory = Awaited<ReturnType<typeof startDirectory>>;

/** Full PUT bodies: a valid replacement, so only the tenant check can refuse it. */
const HIJACKED_CUSTOMER = { ...CUSTOMER_REPLACEMENT, legal_entity_name: 'Hijacked' };
const HIJACKED_SUPPLIER = {
  trading_name: 'Hijacked',
  default_email: 'evil@example.com',
  default_phone: null,
  company_id: '00000000-0000-4000-8000-000000000000',
  status: 'inactive',
  tags: [],
  is_default_for_ports: true,
  contacts: [],
  port_ids: [],
};

/**
 * Every directory route that names a row by id, with how to make such a row and a valid body.
 * A new route with a path parameter fails the first test until it is listed here.
 */
const TENANT_OWNED: Record<
  string,
  { create: (d: Directory, owner: TestUser) => Promise<string>; body?: object }
> = {
  'GET /api/customers/:id': { create: createCustomer },
  'PUT /api/customers/:id': { create: createCustomer, body: HIJACKED_CUSTOMER },
  'PATCH /api/customers/:id': { create: createCustomer, body: { legal_entity_name: 'Hijacked' } },
  'DELETE /api/customers/:id': { create: createCustomer },
  'PUT /api/companies/:id': { create: createCompany, body: { legal_name: 'Hijacked', status: 'inactive' } },
  'GET /api/suppliers/:id': { create: createSupplier },
  'PUT /api/suppliers/:id': { create: createSupplier, body: HIJACKED_SUPPLIER },
  'PATCH /api/suppliers/:id': {
    create: createSupplier,
    body: { trading_name: 'Hijacked', is_default_for_ports: true },
  },
  // A port the company added is its own until an operator approves it.
  'GET /api/ports/:id': { create: createOwnPort },
};
/**
 * Shared reference data: any company may read them (the lookup answers only ports the caller sees,
 * tested with the ports); platform operators change products and ports and review what companies
 * added, across companies.
 */
const SHARED = [
  'PUT /api/products/:id',
  'DELETE /api/products/:id',
  'GET /api/ports/:unlocode/lookup',
  'PUT /api/ports/:id',
  'DELETE /api/ports/:id',
  'POST /api/ports/:id/approve',
  'POST /api/ports/:id/reject',
  'POST /api/vessels/:id/confirm',
  'GET /api/suppliers/by-port/:portId',
];

async function createCustomer(d: Directory, owner: TestUser) {
  return (
    await d.app.inject({
      method: 'POST',
      url: '/api/customers/detailed',
      headers: bearer(owner),
      payload: NEW_CUSTOMER,
    })
  ).json().id;
}
let ownPorts = 0;
async function createOwnPort(d: Directory, owner: TestUser) {
  const n = ownPorts++;
  const res = await d.app.inject({
    method: 'POST',
    url: '/api/ports',
    headers: bearer(owner),
    payload: { unlocode: `SGQ${String.fromCharCode(65 + (n % 26))}Z`, name: 'Own Harbour', country: 'SG' },
  });
  return res.json().id;
}
async function createCompany(d: Directory, owner: TestUser) {
  return (
    await d.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: bearer(owner),
      payload: { type: 'supplier', legal_name: 'Owned Co' },
    })
  ).json().id;
}
async function createSupplier(d: Directory, owner: TestUser) {
  return (
    await d.app.inject({
      method: 'POST',
      url: '/api/suppliers',
      headers: bearer(owner),
      payload: { trading_name: 'Owned Fuels', default_email: 'o@owned.example' },
    })
  ).json().id;
}

describe('tenant isolation in the directory', () => {
  let d: Directory;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());

  it('knows every route that takes a path parameter', () => {
    const withParams = d.app.routeTable.filter((r) => r.url.includes(':')).map((r) => `${r.method} ${r.url}`);
    expect(withParams.sort()).toEqual([...Object.keys(TENANT_OWNED), ...SHARED].sort());
  });

  for (const [route, spec] of Object.entries(TENANT_OWNED)) {
    it(`when a user of another company calls ${route}, then 404 and the row is unchanged`, async () => {
      const owner = makeUser({ role: 'admin' });
      const stranger = makeUser({ role: 'admin' });
      const id = await spec.create(d, owner);
      const before = await d.deps.database.db
        .selectFrom('companies')
        .selectAll()
        .where('tenant_id', '=', owner.tenantId)
        .orderBy('id')
        .execute();
      const beforeSuppliers = await d.deps.database.db
        .selectFrom('suppliers')
        .selectAll()
        .where('tenant_id', '=', owner.tenantId)
        .orderBy('id')
        .execute();
      const [method, url] = route.split(' ') as ['GET', string];
      const res = await d.app.inject({
        method,
        url: url.replace(':id', id),
        headers: bearer(stranger),
        ...(spec.body ? { payload: spec.body } : {}),
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
      const after = await d.deps.database.db
        .selectFrom('companies')
        .selectAll()
        .where('tenant_id', '=', owner.tenantId)
        .orderBy('id')
        .execute();
      const afterSuppliers = await d.deps.database.db
        .selectFrom('suppliers')
        .selectAll()
        .where('tenant_id', '=', owner.tenantId)
        .orderBy('id')
        .execute();
      expect(after).toEqual(before);
      expect(afterSuppliers).toEqual(beforeSuppliers);
    });
  }

  it('when another company lists, searches or counts, then it sees none of these rows', async () => {
    const owner = makeUser();
    const stranger = makeUser();
    await createCustomer(d, owner);
    await createSupplier(d, owner);
    for (const url of [
      '/api/customers',
      '/api/customers/detailed',
      '/api/customers/search?q=nordic',
      '/api/suppliers',
      '/api/companies',
    ]) {
      expect((await d.app.inject({ method: 'GET', url, headers: bearer(stranger) })).json(), url).toEqual([]);
    }
    expect(
      (await d.app.inject({ method: 'GET', url: '/api/customers/stats', headers: bearer(stranger) })).json(),
    ).toEqual({ total_customers: 0, active_customers: 0, total_inquiries: 0 });
    expect(
      (await d.app.inject({ method: 'GET', url: '/api/suppliers/stats', headers: bearer(stranger) })).json(),
    ).toEqual({ total: 0, active: 0 });
  });
});
