import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, makeUser, testInfra, testKeys } from '@mfd/testing';
import { buildApp } from '../src/app';
import { gatewayConfig } from '../src/config';
import { closeDeps, createDeps } from '../src/deps';

describe('gateway upstream timeout', () => {
  it('when a service never answers, then the gateway answers 504 after PROXY_TIMEOUT_MS instead of holding the request', async () => {
    const stuck = Fastify();
    stuck.all('/*', () => new Promise(() => {}));
    await stuck.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(stuck.server.address() as { port: number }).port}`;
    const config = gatewayConfig.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      REDIS_URL: testInfra().redisUrl,
      GATEWAY_SECRET: 'y'.repeat(32),
      INQUIRY_URL: url,
      IDENTITY_URL: url,
      PROXY_TIMEOUT_MS: '300',
    });
    const deps = createDeps(config, testKeys().publicKey);
    const app = await buildApp(deps);
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/dashboard', headers: bearer(makeUser()) },
        { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'a@b.co', password: 'x' } },
      ]) {
        const started = performance.now();
        const res = await app.inject(request);
        expect(res.statusCode, request.url).toBe(504);
        expect(performance.now() - started).toBeLessThan(3000);
      }
    } finally {
      await app.close();
      await closeDeps(deps);
      await stuck.close().catch(() => {});
    }
  });
});
