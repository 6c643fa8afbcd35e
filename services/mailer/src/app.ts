import { sql } from 'kysely';
import { createServiceApp, registerHealth, serverSettings } from '@mfd/service-kit';
import type { MailerDeps } from './deps';

/** The mailer has no user routes: only /health and /metrics for operations. */
export async function buildApp(deps: MailerDeps) {
  const app = createServiceApp({ name: 'mailer', ...serverSettings(deps.config) });
  registerHealth(app, {
    database: () => sql`select 1`.execute(deps.database.db),
    redis: () => deps.producerConnection.ping(),
  });
  app.get('/metrics', { schema: { hide: true }, config: { public: true } }, async (_request, reply) => {
    reply.header('content-type', deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });
  return app;
}
