import { createHash } from 'node:crypto';
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '@mfd/service-kit';
import type { GatewayDeps } from '../deps';
import { blockedFor, createRateLimits, emailKey, spend } from '../domain/rate-limits';
import { forwardHeaders } from '../forward';

function refuse(reply: FastifyReply, seconds: number): never {
  reply.header('retry-after', String(seconds));
  throw tooManyRequests(`Too many attempts. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.`);
}

/**
 * The public identity routes, parsed here so the rate limits can count by e-mail: failed
 * sign-ins per e-mail and per IP (a success clears the e-mail's count), and password-reset
 * requests per e-mail, per IP and per token. Answers are the service's own.
 */
export async function authEdgeRoutes(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  const c = deps.config;
  const limits = createRateLimits(deps.redis, deps.config.REDIS_PREFIX, c);
  await app.register(replyFrom, { base: c.IDENTITY_URL });

  const forward = (request: FastifyRequest, reply: FastifyReply) =>
    reply.from(request.url, { body: request.body as object, rewriteRequestHeaders: forwardHeaders });
  const config = { public: true };

  app.post('/api/auth/signup', { config }, forward);

  app.post(
    '/api/auth/login',
    {
      config,
      // Counted before the answer leaves, so the next attempt already sees it.
      onSend: async (request, reply, payload) => {
        const email = emailKey(request.body);
        if (reply.statusCode === 401) {
          await Promise.all([
            limits.loginFailuresByIp.penalty(request.ip),
            email ? limits.loginFailuresByEmail.penalty(email) : undefined,
          ]);
        } else if (reply.statusCode === 200 && email) {
          await limits.loginFailuresByEmail.delete(email);
        }
        return payload;
      },
    },
    async (request, reply) => {
      const email = emailKey(request.body);
      const [byIp, byEmail] = await Promise.all([
        limits.loginFailuresByIp.get(request.ip),
        email ? limits.loginFailuresByEmail.get(email) : null,
      ]);
      const wait = blockedFor(byEmail, c.LOGIN_FAILURES_PER_EMAIL) ?? blockedFor(byIp, c.LOGIN_FAILURES_PER_IP);
      if (wait) refuse(reply, wait);
      return forward(request, reply);
    },
  );

  app.post('/api/auth/forgot-password', { config }, async (request, reply) => {
    const email = emailKey(request.body);
    const wait = (await spend(limits.resetByIp, request.ip)) ?? (email ? await spend(limits.resetByEmail, email) : null);
    if (wait) refuse(reply, wait);
    return forward(request, reply);
  });

  app.post('/api/auth/reset-password', { config }, async (request, reply) => {
    const token = (request.body as { token?: unknown } | null)?.token;
    const tokenKey = typeof token === 'string' ? createHash('sha256').update(token).digest('hex') : null;
    const wait = (await spend(limits.resetByIp, request.ip)) ?? (tokenKey ? await spend(limits.resetByToken, tokenKey) : null);
    if (wait) refuse(reply, wait);
    return forward(request, reply);
  });
}
