import proxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { authPlugin } from '@mfd/service-kit';
import type { GatewayDeps } from '../deps';
import { forwardHeaders } from '../forward';
import { offerLinkLimits } from '../plugins/offer-link-limits';
import { ROUTES, upstreamUrls } from '../upstreams';

async function registerProxies(
  app: FastifyInstance,
  deps: GatewayDeps,
  publicRoutes: boolean,
): Promise<void> {
  const urls = upstreamUrls(deps.config);
  for (const route of ROUTES.filter((r) => (r.public ?? false) === publicRoutes)) {
    // Offer links take no bearer token: they are counted per token and address before going on.
    const preHandler = route.prefix === '/api/public/offers' ? offerLinkLimits(deps) : undefined;
    await app.register(proxy, {
      ...(preHandler ? { preHandler } : {}),
      upstream: urls[route.upstream],
      // Its two info lines per request (one naming the upstream URL, query string and all) add to
      // the one line the service kit logs for each request.
      disableRequestLogging: true,
      prefix: route.prefix,
      rewritePrefix: route.prefix,
      config: { public: publicRoutes },
      replyOptions: {
        rewriteRequestHeaders: forwardHeaders(deps.gatewaySecret),
        timeout: deps.config.PROXY_TIMEOUT_MS,
      },
    });
  }
}

/**
 * Every /api prefix, streamed to its service. Protected prefixes sit in their own context with
 * the token check, so the web app, health and docs around them need no token.
 */
export async function proxyRoutes(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  await registerProxies(app, deps, true);
  await app.register(async (protectedApi) => {
    await protectedApi.register(authPlugin, {
      publicKey: deps.publicKey,
      revocations: deps.revocations,
      verified: deps.verifiedTokens,
    });
    await registerProxies(protectedApi, deps, false);
  });
}
