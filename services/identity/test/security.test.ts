import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from '@mfd/service-kit';
import { makeUser, protectedRoutes } from '@mfd/testing';
import { startIdentity, type IdentityHarness } from './harness';

describe('identity refuses callers without a valid token', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  const bad: Record<string, () => Record<string, string>> = {
    'no token': () => ({}),
    'an expired token': () => ({ authorization: `Bearer ${makeUser({ expiresIn: -60 }).token}` }),
    'a token signed by another key': () => ({
      authorization: `Bearer ${makeUser({ keys: generateKeyPair() }).token}`,
    }),
    'a malformed token': () => ({ authorization: 'Bearer not.a.jwt' }),
  };

  it('covers the routes that need a session', () => {
    const routes = protectedRoutes(id.app.routeTable).map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual([
      'DELETE /api/company/invitations/:id',
      'DELETE /api/company/members/:id',
      'GET /api/auth/me',
      'GET /api/company/invitations',
      'GET /api/company/members',
      'GET /api/company/members/:id/profile',
      'GET /api/company/settings',
      'GET /api/profile',
      'PATCH /api/company/members/:id',
      'POST /api/auth/logout',
      'POST /api/auth/resend-verification',
      'POST /api/company/invitations',
      'PUT /api/company/settings',
      'PUT /api/profile',
      'PUT /api/profile/company',
      'PUT /api/profile/signature',
    ]);
  });

  for (const [name, headers] of Object.entries(bad)) {
    it(`when a caller sends ${name}, then every protected route answers 401 with the error shape`, async () => {
      for (const route of protectedRoutes(id.app.routeTable)) {
        const res = await id.app.inject({
          method: route.method as 'GET',
          url: route.path,
          headers: headers(),
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json()).toMatchObject({ success: false });
      }
    });
  }
});
