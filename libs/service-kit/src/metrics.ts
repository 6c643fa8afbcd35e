import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics (the process's join them when served); only `serveMetrics` serves them. */
    metrics: Registry;
  }
}

/** Requests that matched no route share one label, so a scan of random URLs adds no series. */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | undefined;

/**
 * The process and event-loop metrics, collected once per process: each collection starts a GC
 * observer and an event-loop monitor that are never stopped, and tests build many apps in one.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** An app's own metrics; what it serves carries the process's metrics too, labelled alike. */
class ServiceRegistry extends Registry {
  constructor(private readonly service: string) {
    super();
    this.setDefaultLabels({ service });
  }

  override async metrics(): Promise<string> {
    // Merged at each scrape, so metrics registered after the app was built are served too.
    const scrape = Registry.merge([processMetrics(), this]);
    scrape.setDefaultLabels({ service: this.service });
    return scrape.metrics();
  }
}

/** An app's registry: every series labelled with the service, the process metrics included. */
export function createMetricsRegistry(service: string): Registry {
  return new ServiceRegistry(service);
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
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => {
        // The reason goes to the log only: the scraper needs no internals.
        log.error({ err }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
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
