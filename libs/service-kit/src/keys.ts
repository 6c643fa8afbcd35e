import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface KeySettings {
  NODE_ENV: string;
  KEYS_DIR: string;
  JWT_PUBLIC_KEY?: string | undefined;
  JWT_PUBLIC_KEY_FILE?: string | undefined;
  JWT_PRIVATE_KEY?: string | undefined;
  JWT_PRIVATE_KEY_FILE?: string | undefined;
}

const PUBLIC_FILE = 'jwt-public.pem';
const PRIVATE_FILE = 'jwt-private.pem';

export function generateKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/**
 * Development keys live in an ignored folder, made on first start. The pair is written to
 * a temporary folder and renamed into place, so services starting at once agree on one pair.
 */
export function ensureDevKeys(dir: string): void {
  const target = resolve(dir);
  if (existsSync(join(target, PUBLIC_FILE))) return;
  mkdirSync(dirname(target), { recursive: true });
  const tmp = mkdtempSync(`${target}.tmp-`);
  const { publicKey, privateKey } = generateKeyPair();
  writeFileSync(join(tmp, PUBLIC_FILE), publicKey);
  writeFileSync(join(tmp, PRIVATE_FILE), privateKey, { mode: 0o600 });
  try {
    renameSync(tmp, target);
  } catch {
    // Another process won the race: its pair is the one in place.
    rmSync(tmp, { recursive: true, force: true });
  }
}

function readKey(kind: 'public' | 'private', text: string | undefined, file: string | undefined, s: KeySettings): string {
  if (text) return text.replace(/\\n/g, '\n');
  if (file) return readFileSync(file, 'utf8');
  if (s.NODE_ENV === 'production') {
    throw new Error(`JWT_${kind.toUpperCase()}_KEY or JWT_${kind.toUpperCase()}_KEY_FILE must be set in production`);
  }
  ensureDevKeys(s.KEYS_DIR);
  return readFileSync(join(resolve(s.KEYS_DIR), kind === 'public' ? PUBLIC_FILE : PRIVATE_FILE), 'utf8');
}

export function loadPublicKey(s: KeySettings): string {
  return readKey('public', s.JWT_PUBLIC_KEY, s.JWT_PUBLIC_KEY_FILE, s);
}

/** Only identity calls this: it alone signs tokens. */
export function loadPrivateKey(s: KeySettings): string {
  return readKey('private', s.JWT_PRIVATE_KEY, s.JWT_PRIVATE_KEY_FILE, s);
}
