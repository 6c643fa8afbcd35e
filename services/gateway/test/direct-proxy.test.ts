import { createHash } from 'node:crypto';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, makeUser, testInfra, testKeys, uniqueRedisPrefix } from '@mfd/testing';
import { buildApp } from '../src/app';
import { gatewayConfig } from '../src/config';
import { closeDeps, createDeps } from '../src/deps';

/** An answer many times what a socket holds, so the client's socket fills and the relay must wait. */
const LARGE = Buffer.alloc(8 * 1024 * 1024, 'bunker delivery note ');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The direct proxy path serves requests arriving over a socket (inject goes to Fastify only), so
 * these tests call the gateway over HTTP and compare what both paths forward and answer.
 */
describe('gateway direct proxy path', () => {
  const seen: { url: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const observer = Fastify();
  let stall = false;
  /** The service's side of an answer it streams: closed once nobody reads it. */
  let streamClosed = false;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let deps: ReturnType<typeof createDeps>;
  let base = '';
  /** Requests Fastify itself handled (the direct path bypasses its hooks). */
  let viaFastify = 0;
  beforeAll(async () => {
    observer.get('/*', async (request, reply) => {
      if (stall) return new Promise(() => {});
      if (request.url === '/api/dashboard/hinted') {
        reply.raw.writeEarlyHints({ link: '</app.css>; rel=preload; as=style' });
        return reply.send({ hinted: true });
      }
      if (request.url === '/api/dashboard/large') return reply.type('application/octet-stream').send(LARGE);
      if (request.url === '/api/dashboard/stream') {
        const body = new PassThrough();
        body.write('{"rows":[');
        reply.raw.on('close', () => (streamClosed = true));
        return reply.type('application/json').send(body);
      }
      seen.push({ url: request.url, headers: request.headers });
      return reply.header('x-upstream', 'yes').header('set-cookie', ['a=1', 'b=2']).send({ ok: true });
    });
    await observer.listen({ port: 0, host: '127.0.0.1' });
    const port = (observer.server.address() as AddressInfo).port;
    const config = gatewayConfig.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      REDIS_URL: testInfra().redisUrl,
      REDIS_PREFIX: uniqueRedisPrefix(),
      INQUIRY_URL: `http://127.0.0.1:${port}`,
      PROXY_TIMEOUT_MS: '500',
    });
    deps = createDeps(config, testKeys().publicKey);
    app = await buildApp(deps);
    app.addHook('onRequest', (_request, _reply, done) => {
      viaFastify += 1;
      done();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await closeDeps(deps);
    await observer.close();
  });
  beforeEach(() => {
    seen.length = 0;
    viaFastify = 0;
    stall = false;
    streamClosed = false;
  });

  const answerHeaders = (res: Response) => {
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== 'date' && name !== 'keep-alive') headers[name] = value;
    });
    return headers;
  };

  it('when a token already verified comes again, then the request skips Fastify and the service and the client see the same headers as through Fastify', async () => {
    const user = makeUser();
    const headers = { ...bearer(user), 'x-request-id': 'same-id-1', forwarded: 'for=6.6.6.6' };
    const first = await fetch(`${base}/api/dashboard/x?y=%2F`, { headers });
    expect(viaFastify).toBe(1);
    const second = await fetch(`${base}/api/dashboard/x?y=%2F`, { headers });
    expect(viaFastify).toBe(1);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(answerHeaders(second)).toEqual(answerHeaders(first));
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(second.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[1]?.url).toBe('/api/dashboard/x?y=%2F');
    expect(seen[1]?.headers).toMatchObject({
      authorization: `Bearer ${user.token}`,
      'x-request-id': 'same-id-1',
      'x-forwarded-for': '127.0.0.1',
    });
    expect(seen[1]?.headers.forwarded).toBeUndefined();
  });

  it('when a verified token is revoked, then the next request is refused with 401 and never forwarded', async () => {
    const user = makeUser();
    expect((await fetch(`${base}/api/dashboard`, { headers: bearer(user) })).status).toBe(200);
    await deps.revocations.revokeToken(user.tokenId, Math.floor(Date.now() / 1000) + 3600);
    const res = await fetch(`${base}/api/dashboard`, { headers: bearer(user) });
    expect(res.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('when a request is not a plain GET (a body, an encoded slash, an unknown token), then Fastify answers it as before', async () => {
    const user = makeUser();
    await fetch(`${base}/api/dashboard`, { headers: bearer(user) });
    viaFastify = 0;
    expect((await fetch(`${base}/api/dashboard`, { headers: bearer(makeUser()) })).status).toBe(200);
    expect((await fetch(`${base}/api/dashboard/a%2Fb`, { headers: bearer(user) })).status).toBe(200);
    expect(
      (await fetch(`${base}/api/dashboard`, { method: 'POST', headers: bearer(user), body: '{}' })).status,
    ).toBe(404);
    expect(viaFastify).toBe(3);
  });

  it('when the service does not answer in time, then 504 with the error shape, as through Fastify', async () => {
    const user = makeUser();
    await fetch(`${base}/api/dashboard`, { headers: bearer(user) });
    stall = true;
    viaFastify = 0;
    const res = await fetch(`${base}/api/dashboard`, { headers: bearer(user) });
    expect(viaFastify).toBe(0);
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({
      success: false,
      detail: 'A service took too long to answer. Please try again.',
    });
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('when the client goes away while the answer streams, then the gateway stops reading it from the service and serves on', async () => {
    const user = makeUser();
    await fetch(`${base}/api/dashboard`, { headers: bearer(user) });
    viaFastify = 0;
    const leaving = new AbortController();
    const res = await fetch(`${base}/api/dashboard/stream`, {
      headers: bearer(user),
      signal: leaving.signal,
    });
    expect(res.status).toBe(200);
    leaving.abort();
    // Well before PROXY_TIMEOUT_MS (500 ms) would end the service's answer anyway.
    await vi.waitFor(() => expect(streamClosed).toBe(true), { timeout: 400, interval: 10 });
    expect((await fetch(`${base}/api/dashboard`, { headers: bearer(user) })).status).toBe(200);
    expect(viaFastify).toBe(0);
  });

  it('when a client reads a large answer slowly, then the gateway waits for it and the answer arrives whole', async () => {
    const user = makeUser();
    await fetch(`${base}/api/dashboard`, { headers: bearer(user) });
    viaFastify = 0;
    const received = await new Promise<Buffer>((resolve, reject) => {
      get(`${base}/api/dashboard/large`, { headers: bearer(user) }, (res) => {
        const chunks: Buffer[] = [];
        res.pause();
        // Not reading for a while fills both sockets; the relay must pause the service's answer.
        setTimeout(() => res.resume(), 150);
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      }).on('error', reject);
    });
    expect(received.length).toBe(LARGE.length);
    expect(sha256(received)).toBe(sha256(LARGE));
    expect(viaFastify).toBe(0);
  });

  it('when the service sends an informational answer first (103 Early Hints), then the client gets the final answer', async () => {
    const user = makeUser();
    await fetch(`${base}/api/dashboard`, { headers: bearer(user) });
    viaFastify = 0;
    const res = await fetch(`${base}/api/dashboard/hinted`, { headers: bearer(user) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hinted: true });
    expect(viaFastify).toBe(0);
  });
});
