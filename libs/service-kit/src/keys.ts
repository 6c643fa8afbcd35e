import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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
const GATEWAY_SECRET_FILE = 'gateway-secret';
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
    return;
  } catch {
    // The folder exists already (another process won, or other dev secrets were written first).
  }
  try {
    // The private key is linked first, and only where none is: one process wins, and its public
    // key, linked last, marks the pair complete for every reader.
    mkdirSync(target, { recursive: true });
    linkSync(join(tmp, PRIVATE_FILE), join(target, PRIVATE_FILE));
    linkSync(join(tmp, PUBLIC_FILE), join(target, PUBLIC_FILE));
  } catch {
    waitForFile(join(target, PUBLIC_FILE));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Another process is writing the pair: wait (briefly, bounded) until it is complete. */
function waitForFile(file: string): void {
  const deadline = Date.now() + 5000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${file} did not appear`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

function readKey(
  kind: 'public' | 'private',
  text: string | undefined,
  file: string | undefined,
  s: KeySettings,
): string {
  if (text) return text.replace(/\\n/g, '\n');
  if (file) return readFileSync(file, 'utf8');
  if (s.NODE_ENV === 'production') {
    throw new Error(
      `JWT_${kind.toUpperCase()}_KEY or JWT_${kind.toUpperCase()}_KEY_FILE must be set in production`,
    );
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

export interface GatewaySecretSettings {
  NODE_ENV: string;
  KEYS_DIR: string;
  GATEWAY_SECRET?: string | undefined;
  GATEWAY_SECRET_FILE?: string | undefined;
}

/**
 * The secret the gateway puts on every forwarded request. Development shares one through
 * KEYS_DIR, made by whichever process starts first (linked into place, so all agree on it).
 */
export function loadGatewaySecret(s: GatewaySecretSettings): string {
  if (s.GATEWAY_SECRET) return s.GATEWAY_SECRET;
  if (s.GATEWAY_SECRET_FILE) return readFileSync(s.GATEWAY_SECRET_FILE, 'utf8').trim();
  if (s.NODE_ENV === 'production')
    throw new Error('GATEWAY_SECRET or GATEWAY_SECRET_FILE must be set in production');
  const dir = resolve(s.KEYS_DIR);
  const target = join(dir, GATEWAY_SECRET_FILE);
  if (!existsSync(target)) {
    mkdirSync(dir, { recursive: true });
    const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(tmp, target);
    } catch {
      // Another process linked its secret first: that one is used.
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  return readFileSync(target, 'utf8').trim();
}
