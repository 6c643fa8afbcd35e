import { sql } from 'kysely';
import { outboxAckQueue, QUEUES } from '@mfd/contracts';
import { queuePrefix, registerQueueMetrics, requestIdHook } from '@mfd/queue';
import { authPlugin, behindGateway, createServiceApp, registerHealth } from '@mfd/service-kit';
import type { DirectoryDeps } from './deps';
import { adminRoutes } from './routes/admin';
import { companyRoutes } from './routes/companies';
import { customerRoutes } from './routes/customers';
import { portEditRoutes } from './routes/port-edits';
import { portImportRoutes } from './routes/port-import';
import { portReviewRoutes } from './routes/port-review';
import { portRoutes } from './routes/ports';
import { productRoutes } from './routes/products';
import { supplierRoutes } from './routes/suppliers';
import { vesselRoutes } from './routes/vessels';

export async function buildApp(deps: DirectoryDeps) {
  const app = createServiceApp({ name: 'directory', ...behindGateway(deps.config) });
  // Outbox rows a request writes (port merges) carry its id to the jobs they become.
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
  // The request-path client: it fails fast with Redis away, so a scrape then just lacks the depths.
  const queueMetrics = registerQueueMetrics(app.metrics, {
    connection: deps.redis,
    prefix: queuePrefix(deps.config.REDIS_PREFIX),
    queues: [QUEUES.directoryEvents, QUEUES.inquiryEvents, outboxAckQueue('directory')],
    outbox: deps.database.db,
  });
  app.addHook('onClose', () => queueMetrics.close());
  for (const routes of [
    productRoutes,
    customerRoutes,
    companyRoutes,
    supplierRoutes,
    portRoutes,
    portEditRoutes,
    portReviewRoutes,
    portImportRoutes,
    vesselRoutes,
    adminRoutes,
  ]) {
    await app.register(routes, { deps });
  }
  return app;
}
