import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { baseConfig, loadConfig } from '@mfd/service-kit';

const upstream = (port: number) => z.url().default(`http://127.0.0.1:${port}`);

export const gatewayConfig = baseConfig.extend({
  PORT: z.coerce.number().int().default(8080),
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
  BODY_LIMIT: z.coerce.number().int().positive().default(1024 * 1024),
  UPLOAD_BODY_LIMIT: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  LOGIN_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  RESET_REQUESTS_PER_EMAIL: z.coerce.number().int().positive().default(5),
  RESET_REQUESTS_PER_IP: z.coerce.number().int().positive().default(20),
  RESET_WINDOW_SECONDS: z.coerce.number().int().positive().default(60 * 60),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
});
export type GatewayConfig = z.infer<typeof gatewayConfig>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(gatewayConfig, env);
