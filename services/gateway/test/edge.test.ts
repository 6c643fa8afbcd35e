import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser } from '@mfd/testing';
import { startGatewayStack, type GatewayStack } from './harness';

describe('gateway edge protections', () => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack();
  });
  afterAll(() => s.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('when one e-mail fails to sign in 10 times, then the 11th attempt answers 429 with Retry-After', async () => {
    const user = await s.identity.signUp();
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
    const blocked = await login(user.email.toUpperCase(), user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      success: false,
      detail: expect.stringMatching(/^Too many attempts/),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('when a user signs in successfully, then their e-mail’s failure count starts again', async () => {
    const user = await s.identity.signUp();
    for (let i = 0; i < 9; i++) await login(user.email, 'wrong-password', '10.0.0.2');
    expect((await login(user.email, user.password, '10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await login(user.email, 'wrong-password', '10.0.0.2')).statusCode).toBe(401);
    expect((await login(user.email, 'wrong-password', '10.0.0.2')).statusCode).toBe(429);
  });

  it('when one e-mail asks for reset links too often, then further requests answer 429', async () => {
    const user = await s.identity.signUp();
    const forgot = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
        remoteAddress: '10.0.0.3',
      });
    for (let i = 0; i < 5; i++) expect((await forgot()).statusCode).toBe(200);
    const blocked = await forgot();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('when one address tries reset tokens too often, then further attempts answer 429', async () => {
    const reset = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: `guess-${Math.random()}-padding-padding`, new_password: 'whatever-1' },
        remoteAddress: '10.0.0.4',
      });
    for (let i = 0; i < 20; i++) expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(429);
  });

  it('when a body is over 1 MB, then 413 with the error shape; the UN/LOCODE upload route accepts more', async () => {
    const big = JSON.stringify({ notes: 'x'.repeat(2 * 1024 * 1024) });
    const user = makeUser();
    const proxied = await s.app.inject({
      method: 'POST',
      url: '/api/customers/detailed',
      headers: { ...bearer(user), 'content-type': 'application/json' },
      payload: big,
    });
    expect(proxied.statusCode).toBe(413);
    expect(proxied.json()).toMatchObject({ success: false, detail: expect.stringMatching(/too large/) });
    const parsed = await s.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(parsed.statusCode).toBe(413);
    const upload = await s.app.inject({
      method: 'POST',
      url: '/api/ports/bulk-import',
      headers: { ...bearer(user), 'content-type': 'text/csv' },
      payload: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(upload.statusCode).not.toBe(413);
  });

  it('when pages and API answers go out, then they carry the security headers', async () => {
    for (const url of ['/', '/customers', '/api/nope']) {
      const res = await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('when a browser opens an app route, then it gets index.html; assets are cached; index is not', async () => {
    for (const url of ['/', '/customers', '/inquiries/7b0c5d2e-1111-4222-8333-944455556666']) {
      const page = await s.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await s.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('when a browser accepts Brotli, then assets and pages come compressed ahead, cached as before; otherwise plain', async () => {
    const compressed = await s.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app")');

    const page = await s.app.inject({
      method: 'GET',
      url: '/inquiries',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root"></div>');

    const plain = await s.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
    // The compressed copy is no address of its own.
    const copy = await s.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js.br' });
    expect(copy.statusCode).toBe(404);
  });

  it('when a browser asks for a source map of the app, then 404, whatever it accepts; the map stays in the build', async () => {
    for (const accept of ['*/*', 'text/html', 'application/json']) {
      const res = await s.app.inject({
        method: 'GET',
        url: '/assets/app-1a2b3c.js.map',
        headers: { accept },
      });
      expect(res.statusCode, accept).toBe(404);
      expect(res.body).not.toContain('sources');
      expect(res.json()).toEqual({ success: false, detail: 'Not found' });
    }
    // Another file under /assets/ that does not exist is no page of the app either.
    const missing = await s.app.inject({
      method: 'GET',
      url: '/assets/gone-0a1b2c.js',
      headers: { accept: 'text/html' },
    });
    expect(missing.statusCode).toBe(404);
    expect(existsSync(join(s.deps.config.WEB_DIST, 'assets', 'app-1a2b3c.js.map'))).toBe(true);
  });

  it('when everything is up, then /health is 200; when the mailer stops, then 503 names it', async () => {
    const up = await s.app.inject({ method: 'GET', url: '/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({
      status: 'ok',
      redis: 'ok',
      upstreams: { identity: 'ok', directory: 'ok', inquiry: 'ok', mailer: 'ok' },
    });
    await s.mailer.app.close();
    const down = await s.app.inject({ method: 'GET', url: '/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json().upstreams.mailer).toBe('down');
  });

  it('when /api/docs is opened, then the merged OpenAPI document lists every service’s paths', async () => {
    const page = await s.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js' })).statusCode,
    ).toBe(200);
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/profile', '/api/dashboard', '/api/inquiries']),
    );
  });
});
