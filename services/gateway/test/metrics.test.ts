import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from '@mfd/service-kit';
import { startGatewayStack, type GatewayStack } from './harness';

async function scrape(app: FastifyInstance): Promise<string> {
  const listener = await serveMetrics(app.metrics, { host: '127.0.0.1', port: 0 }, app.log);
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

    const gateway = await scrape(s.app);
    expect(gateway).toMatch(
      /^http_request_duration_seconds_count\{(?=[^}]*route="\/api\/auth\/\*")(?=[^}]*status_code="200")(?=[^}]*service="gateway")[^}]*\} \d+$/m,
    );
    const identity = await scrape(s.identity.app);
    expect(identity).toMatch(
      /^http_request_duration_seconds_count\{(?=[^}]*route="\/api\/auth\/me")(?=[^}]*status_code="200")(?=[^}]*service="identity")[^}]*\} \d+$/m,
    );
    expect(gateway + identity).not.toContain(user.access_token);
  });

  it('when each service is scraped, then it reports the depth of its queues and its outbox backlog', async () => {
    const services = {
      identity: {
        app: s.identity.app,
        queues: ['mail.send', 'identity.events', 'outbox.ack.identity'],
      },
      directory: {
        app: s.directory.app,
        queues: ['directory.events', 'inquiry.events', 'outbox.ack.directory'],
      },
      inquiry: {
        app: s.inquiry.app,
        queues: ['mail.send', 'directory.events', 'inquiry.events', 'outbox.ack.inquiry'],
      },
      mailer: {
        app: s.mailer.app,
        queues: ['mail.send', 'identity.events', 'inquiry.events', 'outbox.ack.mailer'],
      },
    };
    for (const [service, { app, queues }] of Object.entries(services)) {
      const body = await scrape(app);
      for (const queue of queues)
        expect(body, `${service} ${queue}`).toMatch(
          new RegExp(
            `^queue_jobs\\{(?=[^}]*queue="${queue.replaceAll('.', '\\.')}")(?=[^}]*state="wait")(?=[^}]*service="${service}")[^}]*\\} \\d+$`,
            'm',
          ),
        );
      expect(body, service).toMatch(
        new RegExp(`^outbox_oldest_unconfirmed_seconds\\{service="${service}"\\} [\\d.]+$`, 'm'),
      );
    }
  });
});
