import { z } from 'zod';
import { mailSecretKeysSetting } from '@mfd/queue';
import {
  baseConfig,
  DEFAULT_TOKEN_TTL_SECONDS,
  loadConfig,
  mailQuotaSettings,
  metricsPortSetting,
} from '@mfd/service-kit';
import { LIMITS } from '@mfd/contracts';

export const identityConfig = baseConfig.extend({
  PORT: z.coerce.number().int().default(4001),
  METRICS_PORT: metricsPortSetting(9465),
  DB_SCHEMA: z.string().default('identity'),
  /** Identity alone signs tokens: production gives the private key as PEM text or a file. */
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(DEFAULT_TOKEN_TTL_SECONDS),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(LIMITS.resetTokenTtlMinutes),
  /** forgot-password answers no sooner than this, so known and unknown e-mails take alike. */
  FORGOT_PASSWORD_MIN_MS: z.coerce.number().int().min(0).default(400),
  VERIFY_EMAIL_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(LIMITS.resetTokenTtlMinutes),
  /** Platform operators by e-mail (comma list); each becomes one only once its mailbox is verified. */
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'OPERATOR_EMAILS must be a comma-separated list of e-mail addresses' }))),
  /** Wrong current passwords (changing the login e-mail) one user may give within the window below; a right one starts again. */
  CURRENT_PASSWORD_FAILURES: z.coerce.number().int().min(1).default(5),
  CURRENT_PASSWORD_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** An outbox row not confirmed this long after it was handed over is handed over again. */
  OUTBOX_RESEND_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Keys that seal the one-time links of mail jobs; the mailer holds the same (see @mfd/queue secrets). */
  MAIL_SECRET_KEYS: mailSecretKeysSetting,
  MAIL_SECRET_KEYS_FILE: z.string().optional(),
  /** Invitations count against the same company quotas as the inquiry service's supplier mail. */
  ...mailQuotaSettings,
});
export type IdentityConfig = z.infer<typeof identityConfig>;

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(identityConfig, env);
