import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from '@mfd/service-kit';
import { bearer, makeUser, protectedRoutes } from '@mfd/testing';
import { startDirectory } from './harness';

const ADMIN_ROUTES = [
  'DELETE /api/products/:id',
  'POST /api/admin/sample-data',
  'POST /api/ports/bulk-import',
  'POST /api/products',
  'POST /api/products/add-standard-fuels',
  'POST /api/vessels',
  'PUT /api/products/:id',
];

describe('directory refuses callers without a valid token or role', () => {
  let d: Awaited<ReturnType<typeof startDirectory>>;
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
        const res = await d.app.inject({ method: route.method as 'GET', url: route.path, headers: headers() });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    });
  }

  it('when a trader calls an admin route, then 403; the admin routes are exactly these', async () => {
    const adminRoutes = d.app.routeTable.filter((r) => r.role === 'admin');
    expect(adminRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(ADMIN_ROUTES);
    for (const route of protectedRoutes(adminRoutes)) {
      const res = await d.app.inject({ method: route.method as 'GET', url: route.path, headers: bearer(makeUser()), payload: {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
