import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { startDirectory } from './harness';

describe('admin sample data', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
  beforeAll(async () => {
    d = await startDirectory();
  });
  afterAll(() => d.close());

  it('when an admin adds sample data twice, then the second run adds nothing and the rows are the same', async () => {
    const admin = makeUser({ role: 'admin' });
    const run = () => d.app.inject({ method: 'POST', url: '/api/admin/sample-data', headers: bearer(admin) });
    const first = await run();
    expect(first.json()).toMatchObject({ success: true, customers: 3, suppliers: 3, fuels: 0 });
    expect(first.json().detail).toMatch(/^Sample data added/);
    const second = await run();
    expect(second.json()).toEqual({
      success: true,
      customers: 0,
      suppliers: 0,
      fuels: 0,
      detail: 'Sample data is already in place: nothing new to add.',
    });

    const suppliers = (
      await d.app.inject({ method: 'GET', url: '/api/suppliers', headers: bearer(admin) })
    ).json();
    expect(
      suppliers.flatMap((s: { ports: Array<{ unlocode: string }> }) => s.ports.map((p) => p.unlocode)).sort(),
    ).toEqual(['AEJEA', 'NLRTM', 'SGSIN']);
    expect(
      (await d.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(admin) })).json(),
    ).toHaveLength(3);
  });

  it('when a company admin who is no operator adds sample data, then only their company gets rows; the shared products stay as they are', async () => {
    const operator = makeUser({ role: 'admin', operator: true });
    const products = async () =>
      (
        await d.app.inject({ method: 'GET', url: '/api/products', headers: bearer(operator) })
      ).json() as Array<{ id: string; code: string }>;
    const mgo = (await products()).find((p) => p.code === 'MGO')!;
    expect(
      (await d.app.inject({ method: 'DELETE', url: `/api/products/${mgo.id}`, headers: bearer(operator) }))
        .statusCode,
    ).toBe(200);

    const admin = makeUser({ role: 'admin' });
    const byAdmin = await d.app.inject({
      method: 'POST',
      url: '/api/admin/sample-data',
      headers: bearer(admin),
    });
    expect(byAdmin.json()).toMatchObject({ success: true, customers: 3, suppliers: 3, fuels: 0 });
    expect((await products()).map((p) => p.code)).not.toContain('MGO');

    const byOperator = await d.app.inject({
      method: 'POST',
      url: '/api/admin/sample-data',
      headers: bearer(operator),
    });
    expect(byOperator.json()).toMatchObject({ success: true, fuels: 1 });
    expect((await products()).map((p) => p.code)).toContain('MGO');
  });

  it('when a trader asks for sample data, then 403 and nothing is added', async () => {
    const trader = makeUser();
    expect(
      (await d.app.inject({ method: 'POST', url: '/api/admin/sample-data', headers: bearer(trader) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await d.app.inject({ method: 'GET', url: '/api/suppliers', headers: bearer(trader) })).json(),
    ).toEqual([]);
  });
});
