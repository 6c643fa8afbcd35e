import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { call, signUp, stack } from './support/client';

describe('the edge: who is calling, limits under concurrency, request hygiene', () => {
  it('when identity is called straight on its port with a forged X-Forwarded-For, then the session keeps the real address', async () => {
    const account = await signUp();
    const direct = await call('POST', '/api/auth/login', {
      base: stack().serviceUrls.identity,
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-gateway-auth': 'guessed-guessed-guessed-guessed-guessed' },
      body: { email: account.email, password: account.password },
    });
    expect(direct.status).toBe(200);
    const client = new pg.Client({ connectionString: stack().pgUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ ip: string | null }>(
        `select ip from "${stack().schemaPrefix}identity".sessions where user_id = $1`,
        [account.userId],
      );
      expect(rows.length).toBe(2);
      expect(rows.map((r) => r.ip)).not.toContain('6.6.6.6');
    } finally {
      await client.end();
    }
  });

  it('when 50 wrong sign-ins for one e-mail arrive at once through the gateway, then at most 10 are tried and the rest get 429', async () => {
    const account = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/api/auth/login', { body: { email: account.email, password: 'not-the-password' } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
  });

  it('when a body is nested 5,000 deep, then 400 through the gateway and straight at a service, never 500', async () => {
    const deep = `{"email":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`;
    for (const base of [stack().appUrl, stack().serviceUrls.identity]) {
      const res = await call('POST', '/api/auth/signup', { base, rawBody: deep });
      expect(res.status, base).toBe(400);
    }
  });

  it('when x-request-id is 4,000 characters, then it is not echoed; a short id-like one is', async () => {
    const long = await call('GET', '/api/nope', { headers: { 'x-request-id': 'r'.repeat(4000) } });
    expect(long.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const short = await call('GET', '/api/nope', { headers: { 'x-request-id': 'probe-42' } });
    expect(short.headers.get('x-request-id')).toBe('probe-42');
  });

  it('when /api answers (sign-in, profile, errors), then Cache-Control is no-store', async () => {
    const account = await signUp();
    for (const res of [
      await call('POST', '/api/auth/login', { body: { email: account.email, password: account.password } }),
      await call('GET', '/api/auth/me', { token: account.token }),
      await call('GET', '/api/customers', { token: account.token }),
      await call('GET', '/api/customers', { token: account.token, base: stack().serviceUrls.directory }),
      await call('GET', '/api/nope'),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});
