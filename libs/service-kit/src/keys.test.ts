import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDevKeys, loadPrivateKey, loadPublicKey } from './keys';

describe('development keys', () => {
  it('when the keys folder already holds another dev secret, then the token key pair is still made there', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mfd-keys-')), 'keys');
    mkdirSync(dir);
    writeFileSync(join(dir, 'gateway-secret'), 'x');
    ensureDevKeys(dir);
    const settings = { NODE_ENV: 'development', KEYS_DIR: dir };
    expect(loadPublicKey(settings)).toMatch(/BEGIN PUBLIC KEY/);
    expect(loadPrivateKey(settings)).toMatch(/BEGIN PRIVATE KEY/);
    expect(readFileSync(join(dir, 'gateway-secret'), 'utf8')).toBe('x');
  });

  it('when the pair exists, then it is kept as it is', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mfd-keys-')), 'keys');
    ensureDevKeys(dir);
    const before = loadPublicKey({ NODE_ENV: 'development', KEYS_DIR: dir });
    ensureDevKeys(dir);
    expect(loadPublicKey({ NODE_ENV: 'development', KEYS_DIR: dir })).toBe(before);
  });
});
