import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

/**
 * `METRICS_PORT`: where the service serves /metrics, apart from its API (0: any free port, for
 * processes started side by side).
 */
export const metricsPortSetting = (defaultPort: number) => port.default(defaultPort);

/** Settings every service reads; a service extends this with its own. */
export const baseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port,
  PG_URL: z.string().default('postgres://postgres@127.0.0.1:5432/test'),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Namespaces every Redis key and queue, so several stacks (and tests) can share one Redis. */
  REDIS_PREFIX: z.string().default('mfd'),
  /** Production reads the keys from these (PEM text or a file path); development generates them in KEYS_DIR. */
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  KEYS_DIR: z.string().default('.keys'),
  /**
   * Shared by the gateway and the services: a service believes a request's X-Forwarded-For only
   * when the request carries this secret, so nobody can forge a client address by calling a
   * service directly. Production sets it (text or file); development makes one in KEYS_DIR.
   */
  GATEWAY_SECRET: z.string().min(32).optional(),
  GATEWAY_SECRET_FILE: z.string().optional(),
  /** The whole request (headers and body) must arrive within this; a slow sender is cut off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** A socket with no traffic for this long is closed. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Longer than a load balancer's idle timeout, so it never reuses a connection we just closed. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),
});
export type BaseConfig = z.infer<typeof baseConfig>;

/** Parses the environment once; a bad setting stops the start with every problem named. */
export function loadConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
