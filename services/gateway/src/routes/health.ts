import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../deps';
import { upstreamUrls } from '../upstreams';

async function probe(url: string, timeoutMs: number): Promise<'ok' | 'down'> {
  try {
    const res = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

/**
 * GET /health: this gateway's Redis and whether each service behind it is ready; 503 names what
 * is down. GET /livez and /readyz (the orchestrator's probes) need nothing but this process: the
 * gateway serves, degraded, without Redis or a service, and a probe that failed with them would
 * take every gateway out of service, or restart it, during someone else's outage.
 */
export async function healthRoutes(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  const config = { public: true };
  app.get('/livez', { schema: { hide: true }, config }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config }, async () => ({ status: 'ok' }));
  app.get('/health', { schema: { hide: true }, config }, async (_request, reply) => {
    const urls = upstreamUrls(deps.config);
    const [redis, ...states] = await Promise.all([
      deps.redis.ping().then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
      ...Object.values(urls).map((url) => probe(url, deps.config.UPSTREAM_TIMEOUT_MS)),
    ]);
    const upstreams = Object.fromEntries(Object.keys(urls).map((name, i) => [name, states[i]]));
    const ok = redis === 'ok' && states.every((s) => s === 'ok');
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', redis, upstreams });
  });
}
