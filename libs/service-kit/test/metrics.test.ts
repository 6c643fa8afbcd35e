import { Gauge } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp, serveMetrics, type MetricsListener } from '@mfd/service-kit';

describe('service metrics', () => {
  const app = createServiceApp({ name: 'probe', logLevel: 'silent' });
  app.get('/api/things/:id', { config: { public: true } }, async () => ({ ok: true }));
  let listener: MetricsListener;
  const scrape = async (path = '/metrics') => fetch(`http://127.0.0.1:${listener.port}${path}`);

  beforeAll(async () => {
    await app.ready();
    listener = await serveMetrics(app.metrics, { host: '127.0.0.1', port: 0 }, app.log);
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

  it('when another app is built in the same process, then each serves the process metrics under its own service', async () => {
    const other = createServiceApp({ name: 'other', logLevel: 'silent' });
    try {
      await other.ready();
      const body = await other.metrics.metrics();
      expect(body).toMatch(/^process_cpu_user_seconds_total\{service="other"\} /m);
      expect(body).toMatch(/^nodejs_eventloop_lag_p99_seconds\{service="other"\} /m);
      expect(body).not.toContain('service="probe"');
      expect(await scrape().then((r) => r.text())).toMatch(
        /^process_cpu_user_seconds_total\{service="probe"\} /m,
      );
    } finally {
      await other.close();
    }
  });

  it('when a metric cannot be collected, then the scrape answers 500 with a fixed body and the reason is logged', async () => {
    const lines: string[] = [];
    const failing = createServiceApp({ name: 'failing', logStream: { write: (line) => lines.push(line) } });
    new Gauge({
      name: 'broken_source',
      help: 'A source that fails',
      registers: [failing.metrics],
      collect() {
        throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
      },
    });
    const own = await serveMetrics(failing.metrics, { host: '127.0.0.1', port: 0 }, failing.log);
    try {
      const res = await fetch(`http://127.0.0.1:${own.port}/metrics`);
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(body).toBe('metrics collection failed\n');
      expect(lines.join('')).toContain('ECONNREFUSED');
    } finally {
      await own.close();
      await failing.close();
    }
  });

  it('when /metrics is asked of the API port, then it is not there; the metrics port serves nothing else', async () => {
    const api = await app.inject({ method: 'GET', url: '/metrics' });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('http_request_duration_seconds');
    expect((await scrape('/')).status).toBe(404);
    expect((await scrape('/api/things/1')).status).toBe(404);
  });
});
