import { z } from 'zod';
import { mailSecretKeysSetting } from '@mfd/queue';
import { baseConfig, loadConfig, mailQuotaSettings, metricsPortSetting } from '@mfd/service-kit';

export const inquiryConfig = baseConfig.extend({
  PORT: z.coerce.number().int().default(4003),
  METRICS_PORT: metricsPortSetting(9467),
  DB_SCHEMA: z.string().default('inquiry'),
  DIRECTORY_URL: z.string().url().default('http://127.0.0.1:4002'),
  /** Where the sender's profile (reply-to, signature) of an RFQ mail is read, with the caller's token. */
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:4001'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /** An outbox row not confirmed this long after it was handed over is handed over again. */
  OUTBOX_RESEND_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Keys that seal the offer links of RFQ mail jobs; the mailer holds the same (see @mfd/queue secrets). */
  MAIL_SECRET_KEYS: mailSecretKeysSetting,
  MAIL_SECRET_KEYS_FILE: z.string().optional(),
  /** Per company: distinct supplier addresses per rolling 24 h, and supplier mails per rolling hour. */
  ...mailQuotaSettings,
  /** How often the scheduled check runs: offers about to expire, and alert mails that are due. */
  NOTIFICATION_TICK_MS: z.coerce.number().int().min(50).default(10_000),
  /** A trader's first alert waits this long for others that come with it (mailed within a minute). */
  ALERT_FIRST_DELAY_SECONDS: z.coerce.number().int().min(0).max(50).default(20),
  /** At most one alert mail per trader in this long; events meanwhile go in one digest. */
  ALERT_DIGEST_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** How often a signed-in user's address for alert mails is read again from identity. */
  ALERT_ADDRESS_REFRESH_SECONDS: z.coerce.number().int().min(0).default(600),
});
export type InquiryConfig = z.infer<typeof inquiryConfig>;

export const alertWindows = (config: InquiryConfig) => ({
  firstDelayMs: config.ALERT_FIRST_DELAY_SECONDS * 1000,
  digestWindowMs: config.ALERT_DIGEST_WINDOW_SECONDS * 1000,
});

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(inquiryConfig, env);
