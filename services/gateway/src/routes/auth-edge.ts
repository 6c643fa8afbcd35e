import { createHash } from 'node:crypto';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { installJsonParser, spend, tooManyAttempts } from '@mfd/service-kit';
import type { GatewayDeps } from '../deps';
import { createRateLimits, emailKey } from '../domain/rate-limits';
import { forwardHeaders } from '../forward';

const hashed = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The public identity routes, parsed here so the rate limits can count by e-mail. Every limit is
 * spent before the request goes on, atomically in Redis, so parallel attempts cannot all pass a
 * count read before any of them was counted. Sign-in follows rate-limiter-flexible's login
 * protection: consecutive failures per (e-mail, address), which a success clears, and failures
 * per address per day; no limit counts by e-mail alone, so nobody can lock another user out from
 * elsewhere. Password-reset requests count per e-mail, per address and per token; sign-ups per
 * address, and so do invitations accepted and verification links. Bodies go on exactly as sent; answers are the service's own.
 */
export async function authEdgeRoutes(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  const c = deps.config;
  const limits = createRateLimits(deps.redis, deps.config.REDIS_PREFIX, c);
  // The service kit logs each request once; reply-from's own lines would name the upstream URL too.
  await app.register(replyFrom, { base: c.IDENTITY_URL, disableRequestLogging: true });
  const rawBodies = new WeakMap<FastifyRequest, string>();
  installJsonParser(app, (request, raw) => rawBodies.set(request, raw));

  const rewriteRequestHeaders = forwardHeaders(deps.gatewaySecret);
  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    const raw = rawBodies.get(request) ?? (typeof request.body === 'string' ? request.body : undefined);
    const body =
      raw === undefined
        ? {}
        : { body: raw, contentType: request.headers['content-type'] ?? 'application/json' };
    return reply.from(request.url, { ...body, rewriteRequestHeaders, timeout: c.PROXY_TIMEOUT_MS });
  };
  const config = { public: true };

  app.post('/api/auth/signup', { config }, async (request, reply) => {
    const wait = await spend(limits.signupByIp, request.ip);
    if (wait) throw tooManyAttempts(wait);
    return forward(request, reply);
  });

  // Joining a company through an invitation makes an account like a sign-up: the same budget.
  app.post('/api/public/invitations/:token/accept', { config }, async (request, reply) => {
    const wait = await spend(limits.signupByIp, request.ip);
    if (wait) throw tooManyAttempts(wait);
    return forward(request, reply);
  });

  const loginKey = (request: FastifyRequest) => `${request.ip}:${hashed(emailKey(request.body) ?? '')}`;
  app.post(
    '/api/auth/login',
    {
      config,
      // Each attempt was counted as a failure before it went on; the answer settles it.
      onSend: async (request, reply, payload) => {
        if (reply.statusCode === 401 || reply.statusCode === 429) return payload;
        if (reply.statusCode === 200) {
          await Promise.all([
            limits.loginFailuresByEmailAndIp.delete(loginKey(request)),
            limits.loginFailuresByIp.reward(request.ip),
          ]);
        } else {
          await Promise.all([
            limits.loginFailuresByEmailAndIp.reward(loginKey(request)),
            limits.loginFailuresByIp.reward(request.ip),
          ]);
        }
        return payload;
      },
    },
    async (request, reply) => {
      const byPair = await spend(limits.loginFailuresByEmailAndIp, loginKey(request));
      if (byPair) throw tooManyAttempts(byPair);
      const byIp = await spend(limits.loginFailuresByIp, request.ip);
      if (byIp) {
        await limits.loginFailuresByEmailAndIp.reward(loginKey(request));
        throw tooManyAttempts(byIp);
      }
      return forward(request, reply);
    },
  );

  app.post('/api/auth/forgot-password', { config }, async (request, reply) => {
    const email = emailKey(request.body);
    const wait =
      (await spend(limits.resetByIp, request.ip)) ?? (email ? await spend(limits.resetByEmail, email) : null);
    if (wait) throw tooManyAttempts(wait);
    return forward(request, reply);
  });

  app.post('/api/auth/reset-password', { config }, async (request, reply) => {
    const token = (request.body as { token?: unknown } | null)?.token;
    const tokenKey = typeof token === 'string' ? hashed(token) : null;
    const wait =
      (await spend(limits.resetByIp, request.ip)) ??
      (tokenKey ? await spend(limits.resetByToken, tokenKey) : null);
    if (wait) throw tooManyAttempts(wait);
    return forward(request, reply);
  });

  // A one-time link: guesses count per address, against a budget as large as the sign-ups'.
  app.post('/api/auth/verify-email', { config }, async (request, reply) => {
    const wait = await spend(limits.verifyByIp, request.ip);
    if (wait) throw tooManyAttempts(wait);
    return forward(request, reply);
  });
}
