import type { Redis } from 'ioredis';
import { redisRateLimit as limiter } from '@mfd/service-kit';
import type { GatewayConfig } from '../config';

/** Counters shared by every gateway replica through Redis. */
export function createRateLimits(redis: Redis, prefix: string, c: GatewayConfig) {
  const base = `${prefix}:rl`;
  return {
    loginFailuresByEmailAndIp: limiter(
      redis,
      `${base}:login:email-ip`,
      c.LOGIN_FAILURES_PER_EMAIL_AND_IP,
      c.LOGIN_WINDOW_SECONDS,
    ),
    loginFailuresByIp: limiter(redis, `${base}:login:ip`, c.LOGIN_FAILURES_PER_IP, c.LOGIN_IP_WINDOW_SECONDS),
    signupByIp: limiter(redis, `${base}:signup:ip`, c.SIGNUP_PER_IP, c.SIGNUP_WINDOW_SECONDS),
    // Every sign-up brings one verification link: an office may prove as many mailboxes as it may sign up.
    verifyByIp: limiter(redis, `${base}:verify:ip`, c.SIGNUP_PER_IP, c.SIGNUP_WINDOW_SECONDS),
    resetByEmail: limiter(redis, `${base}:reset:email`, c.RESET_REQUESTS_PER_EMAIL, c.RESET_WINDOW_SECONDS),
    resetByIp: limiter(redis, `${base}:reset:ip`, c.RESET_REQUESTS_PER_IP, c.RESET_WINDOW_SECONDS),
    resetByToken: limiter(redis, `${base}:reset:token`, c.RESET_REQUESTS_PER_EMAIL, c.RESET_WINDOW_SECONDS),
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

/** The public offer links' counters: per token (its hash) for reads and for submissions, and per address. */
export function createOfferLinkLimits(redis: Redis, prefix: string, c: GatewayConfig) {
  const base = `${prefix}:rl:offer-link`;
  const window = c.OFFER_LINK_WINDOW_SECONDS;
  return {
    readsByToken: limiter(redis, `${base}:read:token`, c.OFFER_LINK_READS_PER_TOKEN, window),
    submitsByToken: limiter(redis, `${base}:submit:token`, c.OFFER_LINK_SUBMITS_PER_TOKEN, window),
    requestsByIp: limiter(redis, `${base}:ip`, c.OFFER_LINK_REQUESTS_PER_IP, window),
  };
}

/** E-mails are counted case-insensitively, as accounts are matched. */
export function emailKey(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}
