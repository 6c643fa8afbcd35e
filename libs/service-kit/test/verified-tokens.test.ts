import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { authPlugin, createServiceApp, TokenRevocations } from '@mfd/service-kit';
import { bearer, makeUser, testInfra, testKeys, uniqueRedisPrefix } from '@mfd/testing';

describe('verified tokens kept by the auth plugin', () => {
  const redis = new Redis(testInfra().redisUrl);
  const revocations = new TokenRevocations(redis, uniqueRedisPrefix());
  const app = createServiceApp({ name: 'probe', logLevel: 'silent' });
  beforeAll(async () => {
    await app.register(authPlugin, { publicKey: testKeys().publicKey, revocations });
    app.get('/api/me', async (request) => ({
      userId: request.auth.userId,
      user: (request.user as { sub?: string } | null)?.sub ?? null,
    }));
    app.get('/api/admin-only', { config: { role: 'admin' } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    redis.disconnect();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when a token is used again, then the request still carries its claims and @fastify/jwt’s user', async () => {
    const user = makeUser();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(user) });
      expect(res.json(), `request ${i + 1}`).toEqual({ userId: user.userId, user: user.userId });
    }
  });

  it('when a token that was accepted expires, then the next request gets 401', async () => {
    const user = makeUser({ expiresIn: 60 });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(user) })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(user) })).statusCode).toBe(401);
  });

  it('when a kept token calls a route for another role or is revoked, then it is refused', async () => {
    const user = makeUser();
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(user) })).statusCode).toBe(200);
    const adminOnly = await app.inject({ method: 'GET', url: '/api/admin-only', headers: bearer(user) });
    expect(adminOnly.statusCode).toBe(403);
    await revocations.revokeToken(user.tokenId, Math.floor(Date.now() / 1000) + 3600);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(user) })).statusCode).toBe(401);
  });
});
