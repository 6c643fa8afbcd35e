import nodemailer, { type Transporter } from 'nodemailer';
import type { MailerConfig } from './config';
import { dkimSigning } from './dkim';

/**
 * Pooled SMTP from SMTP_URL (smtp://user:pass@host:port, or smtps:// for implicit TLS), signing
 * every mail with the DKIM key when one is set up.
 */
export function createTransport(config: MailerConfig): Transporter {
  const url = new URL(config.SMTP_URL);
  return nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    pool: true,
    maxConnections: config.SMTP_POOL_MAX,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dkim: dkimSigning(config),
  });
}
