import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { requiredEmail, requiredText } from '@mfd/contracts';
import { authPlugin, badRequest, createServiceApp, TokenRevocations } from '@mfd/service-kit';
import { bearer, makeUser, testInfra, testKeys, uniqueRedisPrefix } from '@mfd/testing';

/** A small service built like the real ones, to pin down the kit's cross-cutting behaviour. */
async function buildProbe(lines: string[]) {
  const redis = new Redis(testInfra().redisUrl);
  const revocations = new TokenRevocations(redis, uniqueRedisPrefix());
  const app = createServiceApp({
    name: 'probe',
    logLevel: 'info',
    logStream: { write: (line) => lines.push(line) },
  });
  await app.register(authPlugin, { publicKey: testKeys().publicKey, revocations });
  app.post(
    '/api/things',
    {
      schema: {
        body: z.object({ name: requiredText('Name'), email: requiredEmail(), password: z.string() }),
      },
    },
    async (request) => ({ ok: true, by: request.auth.userId }),
  );
  app.get('/api/public', { config: { public: true } }, async () => ({ ok: true }));
  app.get('/api/admin-only', { config: { role: 'admin' } }, async () => ({ ok: true }));
  app.get('/api/operator-only', { config: { operator: true } }, async (request) => ({
    operator: request.auth.operator,
  }));
  app.get('/api/conflict', async () => {
    throw badRequest('Bad thing', [{ field: 'thing', message: 'Thing is bad' }]);
  });
  app.get('/api/boom', async () => {
    throw new Error('database password is hunter2');
  });
  await app.ready();
  return { app, revocations, redis };
}

describe('service kit: errors, auth, request ids and logs', () => {
  const lines: string[] = [];
  let probe: Awaited<ReturnType<typeof buildProbe>>;
  beforeAll(async () => {
    probe = await buildProbe(lines);
  });
  afterAll(async () => {
    await probe.app.close();
    probe.redis.disconnect();
  });

  it('when a body is invalid, then 400 lists every bad field with its message', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: bearer(makeUser()),
      payload: { email: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      detail:
        'Name is required; Email must be a valid email address; Invalid input: expected string, received undefined',
      errors: [
        { field: 'name', message: 'Name is required' },
        { field: 'email', message: 'Email must be a valid email address' },
        { field: 'password', message: 'Invalid input: expected string, received undefined' },
      ],
    });
  });

  it('when a body is not JSON, then 400 with a sentence, not a stack', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { ...bearer(makeUser()), 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, detail: 'The request body is not valid JSON' });
  });

  it('when code throws an unexpected error, then 500 answers a generic sentence and the log has the request id', async () => {
    const res = await probe.app.inject({
      method: 'GET',
      url: '/api/boom',
      headers: { ...bearer(makeUser()), 'x-request-id': 'req-boom-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      detail: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('hunter2');
    expect(lines.some((l) => l.includes('"reqId":"req-boom-1"') && l.includes('unhandled error'))).toBe(true);
  });

  it('when an AppError is thrown, then its status, detail and fields are answered', async () => {
    const res = await probe.app.inject({ method: 'GET', url: '/api/conflict', headers: bearer(makeUser()) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      detail: 'Bad thing',
      errors: [{ field: 'thing', message: 'Thing is bad' }],
    });
  });

  it('when a caller has no token, then 401 on protected routes and the public route still answers', async () => {
    expect((await probe.app.inject({ method: 'POST', url: '/api/things', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await probe.app.inject({ method: 'GET', url: '/api/public' })).statusCode).toBe(200);
  });

  it('when a trader calls an admin route, then 403; an admin gets through', async () => {
    expect(
      (await probe.app.inject({ method: 'GET', url: '/api/admin-only', headers: bearer(makeUser()) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await probe.app.inject({
          method: 'GET',
          url: '/api/admin-only',
          headers: bearer(makeUser({ role: 'admin' })),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('when a caller without the operator flag calls an operator route, then 403 whatever the role; an operator gets through', async () => {
    const call = (headers: Record<string, string>) =>
      probe.app.inject({ method: 'GET', url: '/api/operator-only', headers });
    expect((await call({})).statusCode).toBe(401);
    expect((await call(bearer(makeUser()))).statusCode).toBe(403);
    expect((await call(bearer(makeUser({ role: 'admin' })))).statusCode).toBe(403);
    const operator = await call(bearer(makeUser({ operator: true })));
    expect(operator.statusCode).toBe(200);
    expect(operator.json()).toEqual({ operator: true });
  });

  it('when a token is revoked, or its user was reset after it was issued, then it gets 401', async () => {
    const user = makeUser();
    await probe.revocations.revokeToken(user.tokenId, Math.floor(Date.now() / 1000) + 60);
    expect(
      (await probe.app.inject({ method: 'GET', url: '/api/admin-only', headers: bearer(user) })).statusCode,
    ).toBe(401);

    const old = makeUser({ role: 'admin' });
    await new Promise((r) => setTimeout(r, 1100));
    await probe.revocations.revokeUserTokens(old.userId, 3600);
    expect(
      (await probe.app.inject({ method: 'GET', url: '/api/admin-only', headers: bearer(old) })).statusCode,
    ).toBe(401);
  });

  it('when a request carries x-request-id, then it is echoed; without one, one is made', async () => {
    const given = await probe.app.inject({
      method: 'GET',
      url: '/api/public',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await probe.app.inject({ method: 'GET', url: '/api/public' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when requests carry tokens and passwords, then no log line contains them', async () => {
    const user = makeUser();
    await probe.app.inject({
      method: 'POST',
      url: '/api/things?token=secret-query-token',
      headers: bearer(user),
      payload: { name: 'n', email: 'a@b.co', password: 'my-secret-password' },
    });
    const log = lines.join('\n');
    expect(log).toContain('/api/things');
    expect(log).not.toContain(user.token);
    expect(log).not.toContain('secret-query-token');
    expect(log).not.toContain('my-secret-password');
  });
});
