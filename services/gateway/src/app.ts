import { createServiceApp, reportRedisOutages, serverSettings } from '@mfd/service-kit';
import type { Histogram } from 'prom-client';
import type { GatewayDeps } from './deps';
import { DirectProxy } from './direct-proxy';
import { bodyLimit } from './plugins/body-limit';
import { OPS_QUEUES_PATH, opsQueues } from './plugins/ops-queues';
import { securityHeaders } from './plugins/security-headers';
import { authEdgeRoutes } from './routes/auth-edge';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { proxyRoutes } from './routes/proxy';
import { webAppRoutes } from './routes/web-app';

export async function buildApp(deps: GatewayDeps) {
  const direct = new DirectProxy({ ...deps, verified: deps.verifiedTokens });
  const app = createServiceApp({
    name: 'gateway',
    ...serverSettings(deps.config),
    bodyLimit: deps.config.BODY_LIMIT,
    notFound: false,
    trustProxy: deps.config.TRUST_PROXY,
    serverFactory: direct.serverFactory,
  });
  app.addHook('onClose', () => direct.close());
  reportRedisOutages(deps.redis, app.log, 'rate limits count in this gateway’s memory until it is back');
  await app.register(securityHeaders);
  await app.register(bodyLimit, {
    limit: deps.config.BODY_LIMIT,
    uploadLimit: deps.config.UPLOAD_BODY_LIMIT,
  });
  await app.register(healthRoutes, { deps });
  await app.register(docsRoutes, { deps });
  await app.register(authEdgeRoutes, { deps });
  await app.register(proxyRoutes, { deps });
  await app.register(opsQueues, { deps, prefix: OPS_QUEUES_PATH });
  await app.register(webAppRoutes, { webDist: deps.config.WEB_DIST });
  direct.attach(
    app.log,
    app.metrics.getSingleMetric('http_request_duration_seconds') as Histogram<
      'method' | 'route' | 'status_code'
    >,
  );
  return app;
}
