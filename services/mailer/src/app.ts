import { sql } from 'kysely';
import { QUEUES, MAIL_STATUS_QUEUES, outboxAckQueue } from '@mfd/contracts';
import { queuePrefix, registerQueueMetrics } from '@mfd/queue';
import { createServiceApp, registerHealth, serverSettings } from '@mfd/service-kit';
import type { MailerDeps } from './deps';
import { registerMailMetrics } from './metrics';

/** The mailer has no user routes: only /health here, and its metrics on the metrics port. */
export async function buildApp(deps: MailerDeps) {
  const app = createServiceApp({ name: 'mailer', ...serverSettings(deps.config) });
  registerHealth(app, {
    database: () => sql`select 1`.execute(deps.database.db),
    redis: () => deps.producerConnection.ping(),
  });
  registerMailMetrics(app.metrics, deps.metrics);
  const queueMetrics = registerQueueMetrics(app.metrics, {
    connection: deps.producerConnection,
    prefix: queuePrefix(deps.config.REDIS_PREFIX),
    queues: [QUEUES.mailSend, ...Object.values(MAIL_STATUS_QUEUES), outboxAckQueue('mailer')],
    outbox: deps.database.db,
  });
  app.addHook('onClose', () => queueMetrics.close());
  return app;
}
