import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceApp, GATEWAY_AUTH_HEADER } from '@mfd/service-kit';

const SECRET = 'a-gateway-secret-of-at-least-32-characters';

/** A service as the services are built: behind the gateway, with the gateway's secret and short timeouts. */
async function buildProbe() {
  const app = createServiceApp({
    name: 'probe',
    logLevel: 'silent',
    gatewaySecret: SECRET,
    timeouts: { requestMs: 5000, connectionMs: 500, keepAliveMs: 5000 },
  });
  app.get('/api/whoami', { config: { public: true } }, async (request) => ({
    ip: request.ip,
    id: request.id,
  }));
  app.post(
    '/api/echo',
    { config: { public: true }, schema: { body: z.object({ name: z.unknown() }) } },
    async () => ({ ok: true }),
  );
  app.get('/health', { config: { public: true } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('service kit: who is calling, request ids, caching, nesting, timeouts', () => {
  let app: Awaited<ReturnType<typeof buildProbe>>;
  beforeAll(async () => {
    app = await buildProbe();
  });
  afterAll(() => app.close());

  const whoami = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/whoami', headers, remoteAddress: '127.0.0.1' });

  it('when a caller forges X-Forwarded-For without the gateway secret, then the socket address counts', async () => {
    expect((await whoami({ 'x-forwarded-for': '6.6.6.6' })).json().ip).toBe('127.0.0.1');
    expect(
      (
        await whoami({
          'x-forwarded-for': '6.6.6.6',
          [GATEWAY_AUTH_HEADER]: 'guess-guess-guess-guess-guess-guess',
        })
      ).json().ip,
    ).toBe('127.0.0.1');
  });

  it('when the gateway forwards with its secret, then the client address it saw counts', async () => {
    expect((await whoami({ 'x-forwarded-for': '10.9.8.7', [GATEWAY_AUTH_HEADER]: SECRET })).json().ip).toBe(
      '10.9.8.7',
    );
  });

  it('when x-request-id is long or odd, then a new id is made; a short id-like one is kept', async () => {
    const kept = await whoami({ 'x-request-id': 'req-abc_1.2:3' });
    expect(kept.headers['x-request-id']).toBe('req-abc_1.2:3');
    for (const bad of ['x'.repeat(4000), 'has space', 'new\u2028line', '<script>']) {
      const res = await whoami({ 'x-request-id': bad });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json().id).toBe(res.headers['x-request-id']);
    }
  });

  it('when anything under /api answers, errors included, then it says Cache-Control: no-store', async () => {
    expect((await whoami({})).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).headers['cache-control']).toBe('no-store');
    expect(
      (await app.inject({ method: 'POST', url: '/api/echo', payload: {} })).headers['cache-control'],
    ).toBe('no-store');
  });

  it('when a JSON body is nested 5,000 deep, then 400 with a sentence, never 500', async () => {
    for (const body of [
      `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      '['.repeat(5000) + ']'.repeat(5000),
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, detail: expect.stringMatching(/nested too deeply/) });
    }
    const fine = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"[[[{{{"}',
    });
    expect(fine.statusCode).toBe(200);
  });

  it('when a sender goes quiet in the middle of a body, then the connection is closed after the connection timeout', async () => {
    const server = await buildProbe();
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as { port: number };
    try {
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
          );
        });
        socket.on('data', () => {});
        socket.on('error', () => {});
        socket.on('close', () => resolve(Date.now() - started));
      });
      expect(closedAfter).toBeGreaterThanOrEqual(400);
      expect(closedAfter).toBeLessThan(3000);
    } finally {
      await server.close();
    }
  });
});
