import type { FastifyInstance } from 'fastify';

export type HealthCheck = () => Promise<unknown>;

async function run(checks: Record<string, HealthCheck>) {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await check();
        return [name, 'ok'] as const;
      } catch {
        return [name, 'down'] as const;
      }
    }),
  );
  const ok = entries.every(([, state]) => state === 'ok');
  return {
    code: ok ? 200 : 503,
    body: { status: ok ? 'ok' : 'degraded', checks: Object.fromEntries(entries) },
  };
}

/**
 * GET /livez: the process answers (liveness; nothing else, so an outage elsewhere never gets a
 * healthy process restarted). GET /readyz: the dependencies a request cannot do without
 * (readiness), `ready` naming them; Redis is left out where the service degrades without it.
 * GET /health: every dependency, for people and the gateway's overview; 503 when any is down.
 */
export function registerHealth(
  app: FastifyInstance,
  checks: Record<string, HealthCheck>,
  opts: { ready?: string[] } = {},
): void {
  const config = { public: true };
  const readyChecks = opts.ready
    ? Object.fromEntries(Object.entries(checks).filter(([name]) => opts.ready?.includes(name)))
    : checks;
  app.get('/livez', { schema: { hide: true }, config }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config }, async (_request, reply) => {
    const { code, body } = await run(readyChecks);
    return reply.code(code).send(body);
  });
  app.get('/health', { schema: { hide: true }, config }, async (_request, reply) => {
    const { code, body } = await run(checks);
    return reply.code(code).send(body);
  });
}
