import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp, serveMetrics, type MetricsListener } from '@mfd/service-kit';

describe('service metrics', () => {
  const app = createServiceApp({ name: 'probe', logLevel: 'silent' });
  app.get('/api/things/:id', { config: { public: true } }, async () => ({ ok: true }));
  let listener: MetricsListener;
  const scrape = async (path = '/metrics') => fetch(`http://127.0.0.1:${listener.port}${path}`);

  beforeAll(async () => {
    await app.ready();
    listener = await serveMetrics(app.metrics, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await listener.close();
    await app.close();
  });

  it('when requests were answered, then the metrics port times them by route pattern and status, never by raw URL', async () => {
    await app.inject({ method: 'GET', url: '/api/things/secret-token-123' });
    await app.inject({ method: 'GET', url: '/api/unknown/another-secret-456' });
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{(?=[^}]*method="GET")(?=[^}]*route="\/api\/things\/:id")(?=[^}]*status_code="200")(?=[^}]*service="probe")[^}]*\} 1$/m,
    );
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{(?=[^}]*route="unmatched")(?=[^}]*status_code="404")[^}]*\} 1$/m,
    );
    expect(body).not.toContain('secret-token-123');
    expect(body).not.toContain('another-secret-456');
    // Process and event-loop metrics come with every service.
    expect(body).toMatch(/^process_cpu_user_seconds_total\{service="probe"\} /m);
    expect(body).toMatch(/^nodejs_eventloop_lag_p99_seconds\{service="probe"\} /m);
  });

  it('when /metrics is asked of the API port, then it is not there; the metrics port serves nothing else', async () => {
    const api = await app.inject({ method: 'GET', url: '/metrics' });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('http_request_duration_seconds');
    expect((await scrape('/')).status).toBe(404);
    expect((await scrape('/api/things/1')).status).toBe(404);
  });
});
