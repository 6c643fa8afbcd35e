import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { spend, tooManyRequests } from '@mfd/service-kit';
import type { GatewayDeps } from '../deps';
import { createOfferLinkLimits } from '../domain/rate-limits';

const PREFIX = '/api/public/offers/';

/** The token of an offer-link URL, hashed: the plain token is never a Redis key nor logged. */
function tokenKey(url: string): string | null {
  if (!url.startsWith(PREFIX)) return null;
  const token = url.slice(PREFIX.length).split(/[/?#]/)[0];
  return token ? createHash('sha256').update(token).digest('hex') : null;
}

/**
 * Counts every offer-link request before it goes on: per address, then per token (page loads and
 * submissions apart, a submission being the costly one). Spent atomically in Redis, so parallel
 * requests cannot all pass; 429 with Retry-After once a budget is spent.
 */
export function offerLinkLimits(deps: GatewayDeps) {
  const limits = createOfferLinkLimits(deps.redis, deps.config.REDIS_PREFIX, deps.config);
  return async (request: FastifyRequest): Promise<void> => {
    const token = tokenKey(request.url);
    const byToken =
      request.method === 'GET' || request.method === 'HEAD' ? limits.readsByToken : limits.submitsByToken;
    const wait =
      (await spend(limits.requestsByIp, request.ip)) ?? (token ? await spend(byToken, token) : null);
    if (wait)
      throw tooManyRequests(
        'Too many requests for this offer link. Please wait a minute and try again.',
        wait,
      );
  };
}
