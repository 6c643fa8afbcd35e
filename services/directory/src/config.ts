import { z } from 'zod';
import { baseConfig, loadConfig, metricsPortSetting } from '@mfd/service-kit';

export const directoryConfig = baseConfig.extend({
  PORT: z.coerce.number().int().default(4002),
  METRICS_PORT: metricsPortSetting(9466),
  DB_SCHEMA: z.string().default('directory'),
  /** The company settings (a new customer's default selling terms). */
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:4001'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** An outbox row (a port merge told to the inquiry service) not confirmed this long after hand-over is handed over again. */
  OUTBOX_RESEND_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Largest UN/LOCODE upload accepted (the full code list is ~12 MB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** An upload that sends nothing for this long is cut off (408), so a stalled client holds nothing. */
  UPLOAD_IDLE_SECONDS: z.coerce.number().positive().default(15),
  /** And one that takes longer than this in all: the full code list arrives in seconds. */
  UPLOAD_MAX_SECONDS: z.coerce.number().positive().default(300),
  /** How long a request waits for a free database connection before it fails instead of queueing without end. */
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** PostgreSQL ends a session left idle inside a transaction this long, and any statement running this long. */
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
});
export type DirectoryConfig = z.infer<typeof directoryConfig>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(directoryConfig, env);
