import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics; only the internal listener (`serveMetrics`) serves them. */
    metrics: Registry;
  }
}

/** Requests that matched no route share one label, so a scan of random URLs adds no series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** A registry with the process and event-loop metrics, every series labelled with the service. */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

export function httpDurationHistogram(registry: Registry) {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by route pattern (never the raw URL) and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
}

/**
 * Gives the app its registry and times every answer. The route label is the pattern
 * (`/api/public/offers/:token`), so no id or token ever becomes a label value.
 */
export function installHttpMetrics(app: FastifyInstance, service: string): void {
  const registry = createMetricsRegistry(service);
  const duration = httpDurationHistogram(registry);
  app.decorate('metrics', registry);
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });
}

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a port of its own, apart from the service's API: the gateway never forwards
 * to it and the network policy opens it to the monitoring namespace only.
 */
export async function serveMetrics(
  registry: Registry,
  listen: { host: string; port: number },
): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500).end(err instanceof Error ? err.message : 'collect failed'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
