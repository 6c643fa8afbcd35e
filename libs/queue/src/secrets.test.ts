import { describe, expect, it } from 'vitest';
import { sealedSecret } from '@mfd/contracts';
import { MailSecrets, mailSecretKeysSetting } from './secrets';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');

describe('sealed mail secrets', () => {
  it('when a secret is sealed, then the text holds no trace of it and opens to it for the same recipient', () => {
    const secrets = new MailSecrets(`k1:${key(1)}`);
    const sealed = secrets.seal('reset-token-abc', 'maria@example.com');
    expect(sealed).not.toContain('reset-token-abc');
    expect(sealedSecret.safeParse(sealed).success).toBe(true);
    expect(sealed).not.toBe(secrets.seal('reset-token-abc', 'maria@example.com'));
    expect(secrets.open(sealed, 'maria@example.com')).toBe('reset-token-abc');
  });

  it('when a sealed secret is altered or moved to another recipient, then it does not open', () => {
    const secrets = new MailSecrets(`k1:${key(1)}`);
    const sealed = secrets.seal('reset-token-abc', 'maria@example.com');
    expect(() => secrets.open(sealed, 'mallory@example.com')).toThrow();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('reset-token-xyz').toString('base64url');
    expect(() => secrets.open(parts.join('.'), 'maria@example.com')).toThrow();
  });

  it('when keys are rotated, then the new first key seals and the old one still opens what it sealed; a removed key does not', () => {
    const old = new MailSecrets(`k1:${key(1)}`);
    const sealedBefore = old.seal('t1', 'a@example.com');
    const rotated = new MailSecrets(`k2:${key(2)},k1:${key(1)}`);
    expect(rotated.open(sealedBefore, 'a@example.com')).toBe('t1');
    expect(rotated.seal('t2', 'a@example.com')).toMatch(/^sealed\.v1\.k2\./);
    expect(() => new MailSecrets(`k2:${key(2)}`).open(sealedBefore, 'a@example.com')).toThrow(/k1/);
  });

  it('when MAIL_SECRET_KEYS is malformed, then the setting names the problem', () => {
    const issues = (text: string) =>
      mailSecretKeysSetting.safeParse(text).error?.issues.map((i) => i.message) ?? [];
    expect(issues(`k1:${key(1)},k2:${key(2)}`)).toEqual([]);
    expect(issues('k1:c2hvcnQ=')).toEqual([
      'MAIL_SECRET_KEYS: key "k1" must be 32 bytes in base64 (openssl rand -base64 32)',
    ]);
    expect(issues(`k 1:${key(1)}`)[0]).toMatch(/not a key id/);
    expect(issues(`k1:${key(1)},k1:${key(2)}`)[0]).toMatch(/given twice/);
    expect(issues('')).toEqual(['MAIL_SECRET_KEYS: no key given']);
    expect(mailSecretKeysSetting.safeParse(undefined).success).toBe(true);
  });
});
