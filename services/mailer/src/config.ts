import { z } from 'zod';
import { keyListSetting, mailSecretKeysSetting } from '@mfd/queue';
import { baseConfig, loadConfig, metricsPortSetting } from '@mfd/service-kit';
import { DKIM_SELECTOR, DOMAIN_NAME, sendingSetupProblems } from './domain/sending-domain';

/** Unset when empty: compose hands an optional setting on as `${NAME:-}`, an empty string. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);
const optional = <T extends z.ZodType>(schema: T) => unsetWhenEmpty(schema.optional());
const flag = optional(z.stringbool()).transform((value) => value ?? false);

export const mailerConfig = baseConfig
  .extend({
    PORT: z.coerce.number().int().default(4004),
    METRICS_PORT: metricsPortSetting(9468),
    DB_SCHEMA: z.string().default('mailer'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .default('smtp://127.0.0.1:1025'),
    SMTP_POOL_MAX: z.coerce.number().int().min(1).max(50).default(5),
    MAIL_FROM: unsetWhenEmpty(
      z
        .string()
        .default('Marine Fuel Distribution <no-reply@marinefuel.local>')
        .refine((from) => /@[^@\s>]+>?\s*$/.test(from), 'MAIL_FROM must end with an e-mail address'),
    ),
    /** Links in mails point here (the gateway's public address). */
    APP_PUBLIC_URL: z.url().default('http://localhost:8080'),
    /**
     * Jobs one replica works on at once; replicas multiply it. Unset: twice SMTP_POOL_MAX, so each
     * connection has a next mail ready while another job does its database work.
     */
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).optional(),
    /**
     * A message being sent is leased for this long and the lease is renewed while the send lasts,
     * so a dead sender's message is taken up again within about 1.5 times this.
     */
    SEND_LEASE_SECONDS: z.coerce.number().int().min(2).default(20),
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(1000),
    /** An outbox row not confirmed this long after it was handed over is handed over again. */
    OUTBOX_RESEND_SECONDS: z.coerce.number().int().min(1).default(120),
    /** Keys that seal and open the one-time links of mail jobs (see @mfd/queue secrets). */
    MAIL_SECRET_KEYS: mailSecretKeysSetting,
    MAIL_SECRET_KEYS_FILE: z.string().optional(),
    /**
     * DKIM signing (all three, or none): d= is DKIM_DOMAIN, which must be MAIL_FROM's domain or a
     * parent of it so DMARC aligns; the public key is published at <selector>._domainkey.<domain>.
     */
    DKIM_DOMAIN: optional(z.string().regex(DOMAIN_NAME, 'DKIM_DOMAIN must be a domain name').toLowerCase()),
    DKIM_SELECTOR: optional(z.string().regex(DKIM_SELECTOR, 'DKIM_SELECTOR must be one DNS label')),
    /** The RSA private key in PEM (`\n` for line breaks in a one-line value), or a file holding it. */
    DKIM_PRIVATE_KEY: optional(z.string()),
    DKIM_PRIVATE_KEY_FILE: optional(z.string()),
    /** The SMTP relay signs for MAIL_FROM's domain itself: production starts without a DKIM key. */
    DKIM_AT_RELAY: flag,
    /** Mail goes only to a local catcher (compose, a test cluster): production's sending-domain rules do not apply. */
    MAIL_LOCAL_CATCHER: flag,
    /**
     * VERP: every mail's envelope sender (Return-Path) is `b-<signed ref>@BOUNCE_DOMAIN`, so a
     * bounce names the message it is about; the domain's MX points at the inbound listener.
     */
    BOUNCE_DOMAIN: optional(
      z.string().regex(DOMAIN_NAME, 'BOUNCE_DOMAIN must be a domain name').toLowerCase(),
    ),
    /** Supplier mails reply to `r-<signed ref>@REPLY_DOMAIN` (MX at the listener): replies land on the inquiry. */
    REPLY_DOMAIN: optional(z.string().regex(DOMAIN_NAME, 'REPLY_DOMAIN must be a domain name').toLowerCase()),
    /** Sign the refs in those addresses ("kid:base64key,...": the first signs, all verify); only the mailer holds them. */
    MAIL_REF_KEYS: keyListSetting('MAIL_REF_KEYS'),
    MAIL_REF_KEYS_FILE: optional(z.string()),
    /** The inbound SMTP listener for bounces and replies (port 25 behind the MX); unset: no listener. */
    INBOUND_SMTP_PORT: optional(z.coerce.number().int().min(0).max(65535)),
    /** The name the listener greets with (its MX host name); unset: this machine's name. */
    INBOUND_SMTP_HOSTNAME: optional(
      z.string().regex(DOMAIN_NAME, 'INBOUND_SMTP_HOSTNAME must be a host name'),
    ),
    /** Connections the listener serves at once, per replica. */
    INBOUND_SMTP_MAX_CLIENTS: z.coerce.number().int().min(1).max(1000).default(50),
    /** An SPF check of an inbound mail's sender gives up after this long (and counts as no answer). */
    INBOUND_SPF_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  })
  .superRefine((config, ctx) => {
    const problems = sendingSetupProblems({
      production: config.NODE_ENV === 'production',
      mailFrom: config.MAIL_FROM,
      dkimDomain: config.DKIM_DOMAIN,
      dkimSelector: config.DKIM_SELECTOR,
      dkimKey: config.DKIM_PRIVATE_KEY !== undefined || config.DKIM_PRIVATE_KEY_FILE !== undefined,
      dkimAtRelay: config.DKIM_AT_RELAY,
      localCatcher: config.MAIL_LOCAL_CATCHER,
    });
    for (const problem of problems)
      ctx.addIssue({ code: 'custom', path: [problem.setting], message: problem.message });
    if (config.INBOUND_SMTP_PORT !== undefined && !config.BOUNCE_DOMAIN && !config.REPLY_DOMAIN)
      ctx.addIssue({
        code: 'custom',
        path: ['INBOUND_SMTP_PORT'],
        message:
          'INBOUND_SMTP_PORT needs BOUNCE_DOMAIN or REPLY_DOMAIN: the listener takes mail for those only',
      });
  });
export type MailerConfig = z.infer<typeof mailerConfig>;

export function mailConcurrency(config: Pick<MailerConfig, 'MAIL_CONCURRENCY' | 'SMTP_POOL_MAX'>): number {
  return config.MAIL_CONCURRENCY ?? 2 * config.SMTP_POOL_MAX;
}

export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(mailerConfig, env);

/** What `npm run dkim` reads: only where keys are kept, so it runs before the mailer can start. */
export const readKeysDir = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(baseConfig.pick({ KEYS_DIR: true }), env).KEYS_DIR;
