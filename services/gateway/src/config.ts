import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { baseConfig, loadConfig, metricsPortSetting } from '@mfd/service-kit';

const upstream = (port: number) => z.url().default(`http://127.0.0.1:${port}`);

export const gatewayConfig = baseConfig.extend({
  PORT: z.coerce.number().int().default(8080),
  METRICS_PORT: metricsPortSetting(9464),
  IDENTITY_URL: upstream(4001),
  DIRECTORY_URL: upstream(4002),
  INQUIRY_URL: upstream(4003),
  /** Only for /health: the mailer has no public routes. */
  MAILER_URL: upstream(4004),
  /** The built web app (src/ and dist/ are both two levels under the repository root). */
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../../web/dist', import.meta.url))),
  /**
   * The gateway is the edge: it trusts no X-Forwarded-For unless told to. A number trusts that
   * many proxy hops (the ingress), an address list or CIDR trusts those proxies, 'true' all.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => {
      if (v === 'true' || v === 'false') return v === 'true';
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        return (_address: string, hop: number) => hop < hops;
      }
      return v;
    }),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  UPLOAD_BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Consecutive failed sign-ins of one e-mail from one address within LOGIN_WINDOW_SECONDS; a success starts again. */
  LOGIN_FAILURES_PER_EMAIL_AND_IP: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** Failed sign-ins from one address, whatever the e-mail, within LOGIN_IP_WINDOW_SECONDS (a day). */
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_IP_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3600),
  /** Sign-ups from one address within SIGNUP_WINDOW_SECONDS (an office behind one address may add a few colleagues). */
  SIGNUP_PER_IP: z.coerce.number().int().positive().default(50),
  SIGNUP_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  RESET_REQUESTS_PER_EMAIL: z.coerce.number().int().positive().default(5),
  RESET_REQUESTS_PER_IP: z.coerce.number().int().positive().default(20),
  RESET_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60),
  /**
   * A supplier's offer link (no account): page loads and submissions per token, and every offer-link
   * request from one address, each within OFFER_LINK_WINDOW_SECONDS. Guessing a 256-bit token is
   * hopeless anyway; these keep one link or one address from flooding the inquiry service.
   */
  OFFER_LINK_READS_PER_TOKEN: z.coerce.number().int().positive().default(60),
  OFFER_LINK_SUBMITS_PER_TOKEN: z.coerce.number().int().positive().default(10),
  OFFER_LINK_REQUESTS_PER_IP: z.coerce.number().int().positive().default(300),
  OFFER_LINK_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** Health and docs probes of the services. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  /** A proxied request whose service sends no answer (headers, or the next body bytes) for this long gets 504. */
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** The rate limits' Redis: a command unanswered for this long counts in memory instead. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(300),
});
export type GatewayConfig = z.infer<typeof gatewayConfig>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(gatewayConfig, env);
