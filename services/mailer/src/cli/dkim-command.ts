import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DKIM_SELECTOR, DOMAIN_NAME } from '../domain/sending-domain';

export const DKIM_USAGE =
  'Usage: npm run dkim -- generate DOMAIN SELECTOR   (e.g. generate marinefuel.com mfd2026)';

/** RSA 2048: what receivers expect (RFC 8301 asks for at least 1024) and what fits a DNS TXT record. */
const RSA_BITS = 2048;
/** One character-string of a TXT record holds at most 255 characters (RFC 1035); longer values are split. */
const TXT_STRING_MAX = 255;

export interface DkimKeyPair {
  /** PKCS#8 PEM, for DKIM_PRIVATE_KEY(_FILE). */
  privateKey: string;
  /** The public key as DKIM's p= tag wants it: base64 of the DER SubjectPublicKeyInfo. */
  publicKey: string;
}

export function generateDkimKeyPair(): DkimKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: RSA_BITS });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

/** The record a deployment publishes: its name, and its value as the character-strings DNS holds. */
export function dkimTxtRecord(domain: string, selector: string, publicKey: string) {
  const value = `v=DKIM1; k=rsa; p=${publicKey}`;
  const strings: string[] = [];
  for (let i = 0; i < value.length; i += TXT_STRING_MAX) strings.push(value.slice(i, i + TXT_STRING_MAX));
  return { name: `${selector}._domainkey.${domain}`, strings };
}

/** `selector._domainkey.domain TXT "..." "..."`, as a zone file or a DNS provider's form takes it. */
export function formatTxtRecord(record: { name: string; strings: string[] }): string {
  return `${record.name} TXT ${record.strings.map((s) => `"${s}"`).join(' ')}`;
}

/**
 * `generate DOMAIN SELECTOR`: a new key pair, the private key written (owner-only) under
 * KEYS_DIR/dkim and never over an existing one, and the DNS record to publish printed.
 */
export function runDkimCommand(args: string[], keysDir: string): { exitCode: number; message: string } {
  const [command, rawDomain, selector, ...rest] = args;
  if (command !== 'generate' || !rawDomain || !selector || rest.length > 0)
    return { exitCode: 2, message: DKIM_USAGE };
  const domain = rawDomain.toLowerCase().replace(/\.$/, '');
  if (!DOMAIN_NAME.test(domain))
    return { exitCode: 2, message: `${rawDomain} is not a domain name.\n${DKIM_USAGE}` };
  if (!DKIM_SELECTOR.test(selector))
    return {
      exitCode: 2,
      message: `${selector} is not a selector (one DNS label: letters, digits, hyphens).`,
    };

  const keys = generateDkimKeyPair();
  const record = dkimTxtRecord(domain, selector, keys.publicKey);
  const dir = resolve(keysDir, 'dkim');
  const file = join(dir, `${record.name}.pem`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, keys.privateKey, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return {
      exitCode: 1,
      message: `${file} exists already: a selector names one key. Pick a new selector (rotate by publishing the new one first).`,
    };
  }
  return {
    exitCode: 0,
    message: [
      `DKIM key pair for ${domain}, selector ${selector} (RSA ${RSA_BITS}).`,
      '',
      `Private key: ${file} (readable by you only). Give it to the mailer as DKIM_PRIVATE_KEY_FILE (in Kubernetes the Secret mfd-dkim, deploy/README.md); it never goes into DNS or the repository.`,
      '',
      'Publish this DNS TXT record:',
      '',
      formatTxtRecord(record),
      '',
      `Then set on the mailer: DKIM_DOMAIN=${domain} DKIM_SELECTOR=${selector}, and MAIL_FROM at ${domain} (or a subdomain of it).`,
    ].join('\n'),
  };
}
