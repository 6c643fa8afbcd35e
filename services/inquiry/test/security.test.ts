import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from '@mfd/service-kit';
import { bearer, makeUser, protectedRoutes } from '@mfd/testing';
import { startInquiry } from './harness';

describe('inquiry refuses callers without a valid token', () => {
  let ctx: Awaited<ReturnType<typeof startInquiry>>;
  beforeAll(async () => {
    ctx = await startInquiry({ DIRECTORY_URL: 'http://127.0.0.1:9' });
  });
  afterAll(() => ctx.close());

  const badTokens: Record<string, () => Record<string, string>> = {
    'no token': () => ({}),
    'an expired token': () => bearer(makeUser({ expiresIn: -60 })),
    'a token signed by another key': () => bearer(makeUser({ keys: generateKeyPair() })),
  };
  for (const [name, headers] of Object.entries(badTokens)) {
    it(`when a caller sends ${name}, then every protected route answers 401`, async () => {
      const routes = protectedRoutes(ctx.app.routeTable);
      expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
        'DELETE /api/clauses/:id',
        'DELETE /api/inquiries/:id/products/:productId',
        'GET /api/clauses',
        'GET /api/dashboard',
        'GET /api/dashboard/stems',
        'GET /api/inquiries',
        'GET /api/inquiries/:id',
        'GET /api/inquiries/:id/index-values',
        'GET /api/inquiries/:id/last-done',
        'GET /api/inquiries/:id/messages',
        'GET /api/inquiries/:id/offer-seal',
        'GET /api/inquiries/:id/offers',
        'GET /api/inquiries/:id/offers.pdf',
        'GET /api/inquiries/:id/offers.xlsx',
        'GET /api/inquiries/:id/recipients',
        'GET /api/inquiries/:id/suggested-suppliers',
        'GET /api/inquiries/:id/timeline',
        'GET /api/insights/margins',
        'GET /api/insights/prices',
        'GET /api/insights/prices.xlsx',
        'GET /api/insights/suppliers',
        'GET /api/insights/suppliers.xlsx',
        'GET /api/notifications',
        'GET /api/notifications/preferences',
        'GET /api/offers/:id/revisions',
        'GET /api/offers/supplier-stats',
        'GET /api/stems',
        'GET /api/stems/:id',
        'GET /api/stems/:id/confirmation.pdf',
        'GET /api/stems/:id/documents/:documentId',
        'PATCH /api/claims/:id',
        'POST /api/clauses',
        'POST /api/inquiries',
        'POST /api/inquiries/:id/amendments',
        'POST /api/inquiries/:id/award',
        'POST /api/inquiries/:id/cancel',
        'POST /api/inquiries/:id/copy',
        'POST /api/inquiries/:id/distribute',
        'POST /api/inquiries/:id/messages/read',
        'POST /api/inquiries/:id/offers',
        'POST /api/inquiries/:id/products',
        'POST /api/inquiries/:id/rounds',
        'POST /api/notifications/read',
        'POST /api/offers/:id/award',
        'POST /api/stems/:id/claims',
        'POST /api/stems/:id/close',
        'POST /api/stems/:id/delivery',
        'POST /api/stems/:id/documents',
        'POST /api/stems/:id/invoice',
        'POST /api/stems/:id/send',
        'PUT /api/clauses/:id',
        'PUT /api/inquiries/:id',
        'PUT /api/inquiries/:id/index-values',
        'PUT /api/inquiries/:id/owner',
        'PUT /api/inquiries/:id/products/:productId',
        'PUT /api/notifications/preferences',
        'PUT /api/stems/:id/clauses',
        'PUT /api/stems/:id/index-values',
        'PUT /api/stems/:id/pricing',
      ]);
      for (const route of routes) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: route.path,
          headers: headers(),
        });
        expect(res.statusCode, route.url).toBe(401);
      }
    });
  }
});
