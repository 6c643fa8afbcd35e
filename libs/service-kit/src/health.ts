import type { FastifyInstance } from 'fastify';

export type HealthCheck = () => Promise<unknown>;

/** GET /health: each dependency's state; 503 when any is down, so orchestrators stop routing here. */
export function registerHealth(app: FastifyInstance, checks: Record<string, HealthCheck>): void {
  app.get('/health', { schema: { hide: true }, config: { public: true } }, async (_request, reply) => {
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
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', checks: Object.fromEntries(entries) });
  });
}
