import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type DKIM from 'nodemailer/lib/dkim';
import type { MailerConfig } from './config';

/** Receivers ignore shorter RSA keys (RFC 8301); `npm run dkim -- generate` makes 2048-bit ones. */
const MIN_RSA_BITS = 1024;

/**
 * nodemailer's `dkim` option from the settings, or undefined when the mailer does not sign
 * (config.ts has already refused half a setup and a domain that does not align with MAIL_FROM).
 * The key is checked here, at start, so a bad one stops the mailer instead of failing every mail.
 */
export function dkimSigning(
  config: Pick<MailerConfig, 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY' | 'DKIM_PRIVATE_KEY_FILE'>,
): DKIM.SingleKeyOptions | undefined {
  const { DKIM_DOMAIN: domainName, DKIM_SELECTOR: keySelector } = config;
  if (!domainName || !keySelector) return undefined;
  const setting = config.DKIM_PRIVATE_KEY ? 'DKIM_PRIVATE_KEY' : 'DKIM_PRIVATE_KEY_FILE';
  const privateKey = config.DKIM_PRIVATE_KEY
    ? config.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n')
    : readFileSync(config.DKIM_PRIVATE_KEY_FILE!, 'utf8');
  let details;
  try {
    const key = createPrivateKey(privateKey);
    details = { type: key.asymmetricKeyType, bits: key.asymmetricKeyDetails?.modulusLength ?? 0 };
  } catch {
    throw new Error(`${setting}: not a private key in PEM form`);
  }
  if (details.type !== 'rsa' || details.bits < MIN_RSA_BITS)
    throw new Error(
      `${setting}: DKIM needs an RSA key of at least ${MIN_RSA_BITS} bits (this one: ${details.type}, ${details.bits} bits)`,
    );
  return { domainName, keySelector, privateKey };
}
