import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type DKIM from 'nodemailer/lib/dkim';
import type { MailerConfig } from './config';

/** Receivers ignore shorter RSA keys (RFC 8301); `npm run dkim -- generate` makes 2048-bit ones. */
const MIN_RSA_BITS = 1024;

/**
 * nodemailer's `dkim` option from the settings, or undefined when the mailer does not sign
 * (config.ts has already refused half a setup and a domain that does not align with MAIL_FROM).
 * The key is checked here, at start, so a bad one stops the mailer instead of failing every mail.
 * It is handed over parsed: nodemailer passes it to crypto's sign for every mail, which would
 * decode PEM each time (OpenSSL 3 takes longer for that than for the RSA signature itself).
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
  let key: KeyObject;
  try {
    key = createPrivateKey(privateKey);
  } catch {
    throw new Error(`${setting}: not a private key in PEM form`);
  }
  const [type, bits] = [key.asymmetricKeyType, key.asymmetricKeyDetails?.modulusLength ?? 0];
  if (type !== 'rsa' || bits < MIN_RSA_BITS)
    throw new Error(
      `${setting}: DKIM needs an RSA key of at least ${MIN_RSA_BITS} bits (this one: ${type}, ${bits} bits)`,
    );
  // nodemailer's types say string, but it only ever hands the key to crypto's sign, which takes a KeyObject.
  return { domainName, keySelector, privateKey: key as unknown as string };
}
