import { sql } from 'kysely';
import { authPlugin, createServiceApp, registerHealth } from '@mfd/service-kit';
import type { IdentityDeps } from './deps';
import type { AccountsContext } from './domain/accounts';
import { authRoutes } from './routes/auth';
import { profileRoutes } from './routes/profile';

export async function buildApp(deps: IdentityDeps) {
  const app = createServiceApp({ name: 'identity', logLevel: deps.config.LOG_LEVEL });
  await app.register(authPlugin, {
    publicKey: deps.keys.publicKey,
    privateKey: deps.keys.privateKey,
    revocations: deps.revocations,
    tokenTtlSeconds: deps.config.TOKEN_TTL_SECONDS,
  });
  registerHealth(app, {
    database: () => sql`select 1`.execute(deps.database.db),
    redis: () => deps.redis.ping(),
  });
  const accounts: AccountsContext = {
    db: deps.database.db,
    revocations: deps.revocations,
    config: deps.config,
    signToken: (claims) => app.jwt.sign(claims),
    outboxWritten: () => deps.relay.kick(),
  };
  await app.register(authRoutes, { accounts });
  await app.register(profileRoutes, { db: deps.database.db });
  return app;
}
