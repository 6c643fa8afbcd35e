import { sql } from 'kysely';
import { authPlugin, createServiceApp, registerHealth } from '@mfd/service-kit';
import type { DirectoryDeps } from './deps';

export async function buildApp(deps: DirectoryDeps) {
  const app = createServiceApp({ name: 'directory', logLevel: deps.config.LOG_LEVEL });
  await app.register(authPlugin, { publicKey: deps.publicKey, revocations: deps.revocations });
  registerHealth(app, {
    database: () => sql`select 1`.execute(deps.database.db),
    redis: () => deps.redis.ping(),
  });
  return app;
}
