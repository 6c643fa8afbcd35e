import { sql } from 'kysely';
import { authPlugin, createServiceApp, registerHealth } from '@mfd/service-kit';
import type { InquiryDeps } from './deps';
import { dashboardRoutes } from './routes/dashboard';
import { inquiryRoutes } from './routes/inquiries';

export async function buildApp(deps: InquiryDeps) {
  const app = createServiceApp({ name: 'inquiry', logLevel: deps.config.LOG_LEVEL });
  await app.register(authPlugin, { publicKey: deps.publicKey, revocations: deps.revocations });
  registerHealth(app, {
    database: () => sql`select 1`.execute(deps.database.db),
    redis: () => deps.redis.ping(),
  });
  await app.register(inquiryRoutes, { deps });
  await app.register(dashboardRoutes, { deps });
  return app;
}
