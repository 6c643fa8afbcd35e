import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testInfra, testKeys, uniqueRedisPrefix } from '@mfd/testing';
import { buildApp } from '../src/app';
import { gatewayConfig, type GatewayConfig } from '../src/config';
import { closeDeps, createDeps } from '../src/deps';
import { startGatewayStack, type GatewayStack } from './harness';

/** Identity stand-in that counts what reaches it and answers slowly, so parallel attempts overlap. */
async function countingIdentity() {
  const reached: string[] = [];
  const app = Fastify();
  app.post('/api/auth/*', async (request, reply) => {
    reached.push(request.url);
    await new Promise((r) => setTimeout(r, 50));
    return request.url === '/api/auth/login'
      ? reply.code(401).send({ success: false, detail: 'Invalid email or password' })
      : reply.code(201).send({});
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { reached, app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

async function gatewayBefore(identityUrl: string, env: Partial<Record<keyof GatewayConfig, string>> = {}) {
  const config = gatewayConfig.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    REDIS_URL: testInfra().redisUrl,
    REDIS_PREFIX: uniqueRedisPrefix(),
    GATEWAY_SECRET: 'x'.repeat(32),
    IDENTITY_URL: identityUrl,
    // Counting is what is tested here, not an outage: on a loaded machine a 300 ms command timeout
    // would send some attempts to the in-memory fallback and split the count.
    REDIS_COMMAND_TIMEOUT_MS: '5000',
    ...env,
  });
  const deps = createDeps(config, testKeys().publicKey);
  // Attempts made before Redis is ready are counted in memory (by design); these tests count in Redis.
  if (deps.redis.status !== 'ready') await new Promise((ready) => deps.redis.once('ready', ready));
  const app = await buildApp(deps);
  return { app, close: async () => (await app.close(), await closeDeps(deps)) };
}

describe('sign-in and sign-up limits counted before the attempt', () => {
  let identity: Awaited<ReturnType<typeof countingIdentity>>;
  beforeAll(async () => {
    identity = await countingIdentity();
  });
  afterAll(() => identity.app.close());

  const login = (
    app: { inject: Awaited<ReturnType<typeof gatewayBefore>>['app']['inject'] },
    email: string,
    ip: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong-password' },
      remoteAddress: ip,
    });

  it('when 50 wrong sign-ins for one e-mail arrive at once from one address, then at most the limit reach identity and the rest get 429', async () => {
    const gw = await gatewayBefore(identity.url);
    try {
      identity.reached.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => login(gw.app, 'victim@example.com', '10.20.0.1')),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(identity.reached.length).toBe(10);
      expect(statuses.filter((s) => s === 401).length).toBe(10);
      expect(statuses.filter((s) => s === 429).length).toBe(40);
    } finally {
      await gw.close();
    }
  });

  it('when one address fails with many e-mails, then its daily limit stops it; another address is not affected', async () => {
    const gw = await gatewayBefore(identity.url, { LOGIN_FAILURES_PER_IP: '5' });
    try {
      for (let i = 0; i < 5; i++)
        expect((await login(gw.app, `user-${i}@example.com`, '10.20.0.2')).statusCode).toBe(401);
      const blocked = await login(gw.app, 'user-new@example.com', '10.20.0.2');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3600);
      expect((await login(gw.app, 'user-new@example.com', '10.20.0.3')).statusCode).toBe(401);
    } finally {
      await gw.close();
    }
  });

  it('when one address signs up more often than SIGNUP_PER_IP, then 429, also in parallel; another address still can', async () => {
    const gw = await gatewayBefore(identity.url, { SIGNUP_PER_IP: '3', SIGNUP_WINDOW_SECONDS: '600' });
    try {
      identity.reached.length = 0;
      const signup = (ip: string) =>
        gw.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { email: 'a@b.co' },
          remoteAddress: ip,
        });
      const answers = await Promise.all(Array.from({ length: 10 }, () => signup('10.20.0.4')));
      expect(answers.filter((a) => a.statusCode === 201).length).toBe(3);
      expect(answers.filter((a) => a.statusCode === 429).length).toBe(7);
      expect(identity.reached.length).toBe(3);
      expect((await signup('10.20.0.5')).statusCode).toBe(201);
    } finally {
      await gw.close();
    }
  });
});

describe('no lock-out of the rightful user', () => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack();
  });
  afterAll(() => s.close());

  it('when someone fails 10 times with a victim’s e-mail from 127.0.0.2, then the victim’s right password from 127.0.0.3 signs in', async () => {
    const user = await s.identity.signUp();
    const attempt = (password: string, ip: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i++) expect((await attempt('wrong-password', '127.0.0.2')).statusCode).toBe(401);
    expect((await attempt('wrong-password', '127.0.0.2')).statusCode).toBe(429);
    expect((await attempt(user.password, '127.0.0.3')).statusCode).toBe(200);
  });

  it('when a sign-in passes the gateway, then identity records the client address the gateway saw', async () => {
    const user = await s.identity.signUp();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.30.0.9',
    });
    expect(res.statusCode).toBe(200);
    const direct = await s.identity.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': '6.6.6.6' },
      remoteAddress: '127.0.0.1',
    });
    expect(direct.statusCode).toBe(200);
    const ips = await s.identity.deps.database.db
      .selectFrom('sessions')
      .select(['ip'])
      .where('user_id', '=', user.user_id)
      .execute();
    expect(ips.map((r) => r.ip).sort()).toEqual(['10.30.0.9', '127.0.0.1', '127.0.0.1'].sort());
  });

  it('when a sign-in body is nested 5,000 deep, then 400, never 500; every /api answer says no-store', async () => {
    const deep = `{"email":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    const proxied = await s.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      payload: deep,
    });
    expect(proxied.headers['cache-control']).toBe('no-store');
    const user = await s.identity.signUp();
    const me = await s.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('when probes ask /livez and /readyz, then the gateway and each service answer 200; /health names each upstream', async () => {
    for (const target of [s.app, s.identity.app, s.directory.app, s.inquiry.app, s.mailer.app]) {
      expect((await target.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await target.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    }
    expect((await s.app.inject({ method: 'GET', url: '/health' })).json().upstreams).toEqual({
      identity: 'ok',
      directory: 'ok',
      inquiry: 'ok',
      mailer: 'ok',
    });
  });
});
