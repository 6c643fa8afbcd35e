import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '@mfd/service-kit';
import { startGatewayStack, type GatewayStack } from './harness';

async function scrape(registry: Parameters<typeof serveMetrics>[0]): Promise<string> {
  const listener = await serveMetrics(registry, { host: '127.0.0.1', port: 0 });
  return fetch(`http://127.0.0.1:${listener.port}/metrics`)
    .then((r) => r.text())
    .finally(() => listener.close());
}

describe('metrics behind the gateway', () => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack();
  });
  afterAll(() => s.close());

  it('when anyone asks the public port for metrics, under any path, then none are served', async () => {
    const user = await s.identity.signUp();
    const headers = { authorization: `Bearer ${user.access_token}` };
    const paths = [
      '/metrics',
      '/api/metrics',
      '/api/auth/metrics',
      '/api/public/offers/metrics',
      '/api/dashboard/metrics',
    ];
    for (const url of paths) {
      for (const accept of ['application/json', 'text/plain', 'text/html']) {
        const res = await s.app.inject({ method: 'GET', url, headers: { ...headers, accept } });
        // A page request may get the web app's index.html; never the exposition format.
        expect(res.headers['content-type'] ?? '', `${url} (${accept})`).not.toContain('version=0.0.4');
        expect(res.body, url).not.toContain('# HELP');
        expect(res.body, url).not.toContain('http_request_duration_seconds');
      }
    }
  });

  it('when a request went through the gateway, then both the gateway and the service time it by route pattern on their metrics ports', async () => {
    const user = await s.identity.signUp();
    const me = await s.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(me.statusCode).toBe(200);

    const gateway = await scrape(s.app.metrics);
    expect(gateway).toMatch(
      /^http_request_duration_seconds_count\{(?=[^}]*route="\/api\/auth\/\*")(?=[^}]*status_code="200")(?=[^}]*service="gateway")[^}]*\} \d+$/m,
    );
    const identity = await scrape(s.identity.app.metrics);
    expect(identity).toMatch(
      /^http_request_duration_seconds_count\{(?=[^}]*route="\/api\/auth\/me")(?=[^}]*status_code="200")(?=[^}]*service="identity")[^}]*\} \d+$/m,
    );
    expect(gateway + identity).not.toContain(user.access_token);
  });
});
