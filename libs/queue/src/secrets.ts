import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const KID = /^[A-Za-z0-9_-]{1,32}$/;
const DEV_KEYS_FILE = 'mail-secret-keys';
const VERSION = 'v1';

/**
 * `kid1:base64key,kid2:base64key`: the first seals (or signs), all open (or verify). A rotation
 * puts the new key first and keeps the old one until the mails sealed with it are out.
 */
export function parseKeyList(text: string): { keys: Map<string, KeyObject>; problems: string[] } {
  const keys = new Map<string, KeyObject>();
  const problems: string[] = [];
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [kid = '', encoded = '', ...rest] = entry.split(':');
    const key = Buffer.from(encoded, 'base64');
    if (!KID.test(kid) || rest.length > 0)
      problems.push(`"${kid}" is not a key id (letters, digits, - and _, up to 32)`);
    else if (key.length !== 32)
      problems.push(`key "${kid}" must be 32 bytes in base64 (openssl rand -base64 32)`);
    else if (keys.has(kid)) problems.push(`key id "${kid}" is given twice`);
    else keys.set(kid, createSecretKey(key));
  }
  if (keys.size === 0 && problems.length === 0) problems.push('no key given');
  return { keys, problems };
}

/** A setting holding a key list (`parseKeyList`); unset means a development key in KEYS_DIR. */
export const keyListSetting = (name: string) =>
  z
    .string()
    .optional()
    .superRefine((text, ctx) => {
      if (text === undefined) return;
      for (const problem of parseKeyList(text).problems)
        ctx.addIssue({ code: 'custom', message: `${name}: ${problem}` });
    });

/** The setting every service that writes or sends mail reads; unset means the development key in KEYS_DIR. */
export const mailSecretKeysSetting = keyListSetting('MAIL_SECRET_KEYS');

export interface MailSecretSettings {
  NODE_ENV: string;
  KEYS_DIR: string;
  MAIL_SECRET_KEYS?: string | undefined;
  /** The same list in a file (a mounted secret), read when MAIL_SECRET_KEYS is not given. */
  MAIL_SECRET_KEYS_FILE?: string | undefined;
}

/**
 * A development key list (one key), made on first start in KEYS_DIR next to the token keys. It is
 * written to a temporary file and linked into place, so processes starting at once agree on one key.
 */
export function developmentKeyList(dir: string, file: string): string {
  const target = join(resolve(dir), file);
  if (!existsSync(target)) {
    mkdirSync(resolve(dir), { recursive: true });
    const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
    writeFileSync(tmp, `dev-${randomBytes(3).toString('hex')}:${randomBytes(32).toString('base64')}`, {
      mode: 0o600,
    });
    try {
      linkSync(tmp, target);
    } catch {
      // Another process won the race: its key is the one in place.
    }
    rmSync(tmp, { force: true });
  }
  return readFileSync(target, 'utf8');
}

function b64(buffer: Buffer): string {
  return buffer.toString('base64url');
}

/**
 * Seals the secret fields of mail jobs (AES-256-GCM, a fresh IV each time, the recipient as
 * associated data so a sealed link cannot be moved to another mail). Only the producing services
 * and the mailer hold the keys.
 */
export class MailSecrets {
  private readonly keys: Map<string, KeyObject>;
  private readonly current: string;

  constructor(keyList: string) {
    const { keys, problems } = parseKeyList(keyList);
    if (problems.length > 0) throw new Error(`MAIL_SECRET_KEYS: ${problems.join('; ')}`);
    this.keys = keys;
    this.current = [...keys.keys()][0]!;
  }

  static fromConfig(s: MailSecretSettings): MailSecrets {
    if (s.MAIL_SECRET_KEYS) return new MailSecrets(s.MAIL_SECRET_KEYS);
    if (s.MAIL_SECRET_KEYS_FILE) return new MailSecrets(readFileSync(s.MAIL_SECRET_KEYS_FILE, 'utf8').trim());
    if (s.NODE_ENV === 'production')
      throw new Error('MAIL_SECRET_KEYS or MAIL_SECRET_KEYS_FILE must be set in production');
    return new MailSecrets(developmentKeyList(s.KEYS_DIR, DEV_KEYS_FILE));
  }

  seal(plain: string, recipient: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.current)!, iv);
    cipher.setAAD(Buffer.from(recipient));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['sealed', VERSION, this.current, b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
  }

  /** Throws when the key id is unknown or the text was altered or sealed for another recipient. */
  open(sealed: string, recipient: string): string {
    const [marker, version, kid = '', iv = '', body = '', tag = ''] = sealed.split('.');
    if (marker !== 'sealed' || version !== VERSION) throw new Error('not a sealed secret');
    const key = this.keys.get(kid);
    if (!key) throw new Error(`sealed with key id "${kid}", which MAIL_SECRET_KEYS does not hold`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(recipient));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
