import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateKeyPair } from '@mfd/service-kit';
import { bearer, makeUser, testInfra, testKeys } from '@mfd/testing';
import { buildApp } from '../src/app';
import { gatewayConfig } from '../src/config';
import { closeDeps, createDeps } from '../src/deps';
import { ROUTES } from '../src/upstreams';
import { startGatewayStack, type GatewayStack } from './harness';

describe('gateway routing and token check', () => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack();
  });
  afterAll(() => s.close());

  it('when a signed-in user calls a service through the gateway, then the service answers', async () => {
    const user = await s.identity.signUp();
    const me = await s.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
    const dash = await s.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(dash.statusCode).toBe(200);
    expect(dash.json().total_inquiries).toBe(0);
  });

  const badTokens: Record<string, () => Record<string, string>> = {
    'no token': () => ({}),
    'an expired token': () => bearer(makeUser({ expiresIn: -60 })),
    'a token signed by another key': () => bearer(makeUser({ keys: generateKeyPair() })),
  };
  for (const [name, headers] of Object.entries(badTokens)) {
    it(`when a caller sends ${name}, then every protected prefix answers 401 at the gateway`, async () => {
      for (const route of ROUTES.filter((r) => !r.public)) {
        const res = await s.app.inject({
          method: 'GET',
          url: `${route.prefix}/anything`,
          headers: headers(),
        });
        expect(res.statusCode, route.prefix).toBe(401);
        expect(res.json()).toMatchObject({ success: false });
      }
    });
  }

  it('when the public sign-up route is called, then it reaches identity without a token', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('email');
  });

  it('when a user logs out through the gateway, then the old token gets 401 from the gateway and from every service', async () => {
    const user = await s.identity.signUp();
    const headers = { authorization: `Bearer ${user.access_token}` };
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    expect((await s.app.inject({ method: 'GET', url: '/api/dashboard', headers })).statusCode).toBe(401);
    // Straight to each service, past the gateway: each checks the revocation itself.
    expect((await s.identity.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(
      401,
    );
    expect((await s.inquiry.app.inject({ method: 'GET', url: '/api/dashboard', headers })).statusCode).toBe(
      401,
    );
    expect((await s.directory.app.inject({ method: 'GET', url: '/api/products', headers })).statusCode).toBe(
      401,
    );
  });

  it('when unknown /api paths are asked for, then 404 with the error shape', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, detail: 'Not found' });
  });
});

describe('gateway forwarding', () => {
  // An observer standing in for the inquiry service, to read exactly what the gateway forwards.
  const seen: { url: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const observer = Fastify();
  let app: Awaited<ReturnType<typeof buildApp>>;
  let deps: ReturnType<typeof createDeps>;
  beforeAll(async () => {
    observer.removeAllContentTypeParsers();
    observer.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    observer.all('/*', async (request) => {
      seen.push({
        url: request.url,
        headers: request.headers,
        body: (request.body as string | undefined) ?? '',
      });
      return { ok: true };
    });
    await observer.listen({ port: 0, host: '127.0.0.1' });
    const port = (observer.server.address() as AddressInfo).port;
    const config = gatewayConfig.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      REDIS_URL: testInfra().redisUrl,
      INQUIRY_URL: `http://127.0.0.1:${port}`,
    });
    deps = createDeps(config, testKeys().publicKey);
    app = await buildApp(deps);
  });
  afterAll(async () => {
    await app.close();
    await closeDeps(deps);
    await observer.close();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it('when a request passes, then the upstream gets the Authorization, the request id and the client address the gateway saw', async () => {
    const user = makeUser();
    const res = await app.inject({
      method: 'GET',
      url: '/api/dashboard?x=1',
      headers: { ...bearer(user), 'x-request-id': 'req-from-client-7', 'x-forwarded-for': '6.6.6.6' },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-from-client-7');
    expect(seen[0]?.headers).toMatchObject({
      authorization: `Bearer ${user.token}`,
      'x-request-id': 'req-from-client-7',
      'x-forwarded-for': '10.1.2.3',
    });

    await app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(user) });
    expect(seen[1]?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when a client sends its own forwarding headers, then the service gets the host, scheme and address the gateway saw instead', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: {
        ...bearer(makeUser()),
        host: 'app.marinefuel.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'gopher',
        forwarded: 'for=6.6.6.6;host=evil.example;proto=https',
      },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    expect(seen[0]?.headers).toMatchObject({
      'x-forwarded-for': '10.1.2.3',
      'x-forwarded-host': 'app.marinefuel.example',
      'x-forwarded-proto': 'http',
    });
    expect(seen[0]?.headers.forwarded).toBeUndefined();
  });

  it('when a body is sent, then the service gets the path, query string and body exactly as the client sent them', async () => {
    const body = '{ "price" : 1.50,  "note":"as typed" }';
    const res = await app.inject({
      method: 'POST',
      url: '/api/offers/7/lines?draft=1&x=%2F',
      headers: { ...bearer(makeUser()), 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(seen).toMatchObject([{ url: '/api/offers/7/lines?draft=1&x=%2F', body }]);
  });

  it('when a path climbs out of its public prefix (dot segments, encoded or behind backslashes), then 400 and nothing is forwarded', async () => {
    // Over a socket: inject would resolve the dot segments before the gateway saw them.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const statusOf = (path: string) =>
      new Promise<number | undefined>((resolve, reject) =>
        get({ host: '127.0.0.1', port, path }, (res) => resolve(res.resume().statusCode)).on('error', reject),
      );
    for (const path of [
      '/api/public/offers/x/../../../inquiries',
      '/api/public/offers/x/..%2F..%2F..%2Finquiries',
      '/api/public/offers/x/%2e%2e/%2e%2e/%2e%2e/inquiries',
      '/api/public/offers/x\\..\\..\\..\\inquiries',
    ])
      expect(await statusOf(path), path).toBe(400);
    expect(seen).toEqual([]);
  });
});
