import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../deps';
import { upstreamUrls } from '../upstreams';

async function probe(url: string, timeoutMs: number): Promise<'ok' | 'down'> {
  try {
    const res = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

/** GET /health: this gateway's Redis and every service behind it; 503 names what is down. */
export async function healthRoutes(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  app.get('/health', { schema: { hide: true }, config: { public: true } }, async (_request, reply) => {
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
