import { sql } from 'kysely';
import { outboxAckQueue, QUEUES } from '@mfd/contracts';
import { queuePrefix, registerQueueMetrics, requestIdHook } from '@mfd/queue';
import {
  authPlugin,
  behindGateway,
  createServiceApp,
  MailQuota,
  mailQuotaRefusals,
  redisRateLimit,
  registerHealth,
} from '@mfd/service-kit';
import type { IdentityDeps } from './deps';
import type { AccountsContext } from './domain/accounts';
import { authRoutes } from './routes/auth';
import { profileRoutes } from './routes/profile';
import { publicInvitationRoutes } from './routes/public-invitations';
import { teamRoutes } from './routes/team';

export async function buildApp(deps: IdentityDeps) {
  const app = createServiceApp({ name: 'identity', ...behindGateway(deps.config) });
  // Outbox rows a request writes carry its id to the jobs they become and the consumers' logs.
  app.addHook('preHandler', requestIdHook);
  await app.register(authPlugin, {
    publicKey: deps.keys.publicKey,
    privateKey: deps.keys.privateKey,
    revocations: deps.revocations,
    tokenTtlSeconds: deps.config.TOKEN_TTL_SECONDS,
  });
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
    queues: [QUEUES.mailSend, QUEUES.identityEvents, outboxAckQueue('identity')],
    outbox: deps.database.db,
  });
  app.addHook('onClose', () => queueMetrics.close());
  const accounts: AccountsContext = {
    db: deps.database.db,
    revocations: deps.revocations,
    config: deps.config,
    signToken: (claims) => app.jwt.sign(claims),
    outboxWritten: () => deps.relay.kick(),
    mailSecrets: deps.mailSecrets,
  };
  await app.register(authRoutes, { accounts });
  const currentPasswordFailures = redisRateLimit(
    deps.redis,
    `${deps.config.REDIS_PREFIX}:rl:current-password`,
    deps.config.CURRENT_PASSWORD_FAILURES,
    deps.config.CURRENT_PASSWORD_WINDOW_SECONDS,
  );
  await app.register(profileRoutes, { ctx: { ...accounts, currentPasswordFailures } });
  await app.register(publicInvitationRoutes, { accounts });
  // Invitation mails count in the same keys as every other service's mail to outsiders.
  const mailQuota = new MailQuota({
    redis: deps.redis,
    prefix: deps.config.REDIS_PREFIX,
    settings: deps.config,
    refusals: mailQuotaRefusals(app.metrics),
  });
  await app.register(teamRoutes, { ctx: { ...accounts, mailQuota, log: app.log } });
  return app;
}
