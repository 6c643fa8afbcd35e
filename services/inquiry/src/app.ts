import { sql } from 'kysely';
import { outboxAckQueue, QUEUES } from '@mfd/contracts';
import { queuePrefix, registerQueueMetrics, requestIdHook } from '@mfd/queue';
import {
  authPlugin,
  behindGateway,
  createServiceApp,
  MailQuota,
  mailQuotaRefusals,
  registerHealth,
} from '@mfd/service-kit';
import type { InquiryDeps } from './deps';
import { registerActorNames } from './routes/actor-name';
import { dashboardRoutes } from './routes/dashboard';
import { distributionRoutes } from './routes/distribution';
import { indexValueRoutes } from './routes/index-values';
import { insightRoutes } from './routes/insights';
import { inquiryRoutes } from './routes/inquiries';
import { messageRoutes } from './routes/messages';
import { notificationRoutes } from './routes/notifications';
import { offerRoutes } from './routes/offers';
import { roundRoutes } from './routes/rounds';
import { publicOfferRoutes } from './routes/public-offers';
import { clauseRoutes } from './routes/clauses';
import { stemLifeRoutes } from './routes/stem-life';
import { stemRoutes } from './routes/stems';
import { timelineRoutes } from './routes/timeline';

export async function buildApp(deps: InquiryDeps) {
  const app = createServiceApp({ name: 'inquiry', ...behindGateway(deps.config) });
  // Outbox rows a request writes carry its id to the jobs they become and the consumers' logs.
  app.addHook('preHandler', requestIdHook);
  await app.register(authPlugin, { publicKey: deps.publicKey, revocations: deps.revocations });
  // Ready without Redis: the service still answers, checking tokens against its copy of revocations.
  registerHealth(
    app,
    {
      database: () => sql`select 1`.execute(deps.database.db),
      redis: () => deps.redis.ping(),
    },
    { ready: ['database'] },
  );
  const queueMetrics = registerQueueMetrics(app.metrics, {
    connection: deps.queueConnection,
    prefix: queuePrefix(deps.config.REDIS_PREFIX),
    queues: [QUEUES.mailSend, QUEUES.directoryEvents, QUEUES.inquiryEvents, outboxAckQueue('inquiry')],
    outbox: deps.database.db,
  });
  app.addHook('onClose', () => queueMetrics.close());
  registerActorNames(app, deps);
  // Every mail to suppliers is counted against the company's quotas, in the keys every replica shares.
  const mailQuota = new MailQuota({
    redis: deps.redis,
    prefix: deps.config.REDIS_PREFIX,
    settings: deps.config,
    refusals: mailQuotaRefusals(app.metrics),
  });
  await app.register(inquiryRoutes, { deps, mailQuota });
  await app.register(dashboardRoutes, { deps });
  await app.register(offerRoutes, { deps, mailQuota });
  await app.register(roundRoutes, { deps, mailQuota });
  await app.register(indexValueRoutes, { deps });
  await app.register(publicOfferRoutes, { deps });
  await app.register(distributionRoutes, { deps, mailQuota });
  await app.register(timelineRoutes, { deps });
  await app.register(notificationRoutes, { deps });
  await app.register(messageRoutes, { deps });
  await app.register(insightRoutes, { deps });
  await app.register(stemRoutes, { deps, mailQuota });
  await app.register(stemLifeRoutes, { deps });
  await app.register(clauseRoutes, { deps });
  // The reminder pass mails suppliers too: it counts against the same quotas.
  return Object.assign(app, { mailQuota });
}
