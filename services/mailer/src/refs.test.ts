import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailerConfig } from './config';
import { mailRefsFromConfig } from './refs';

const base = { PG_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379', NODE_ENV: 'test' };
const key = () => `r1:${randomBytes(32).toString('base64')}`;

describe('the settings of bounces and replies', () => {
  it('when the listener is on without a domain to take mail for, then the mailer refuses to start, naming the setting', () => {
    const result = mailerConfig.safeParse({ ...base, INBOUND_SMTP_PORT: '2525' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['INBOUND_SMTP_PORT'] });
    expect(
      mailerConfig.safeParse({ ...base, INBOUND_SMTP_PORT: '2525', REPLY_DOMAIN: 'replies.mfd.example' })
        .success,
    ).toBe(true);
  });

  it('when a ref key is malformed, then the setting is refused', () => {
    expect(mailerConfig.safeParse({ ...base, MAIL_REF_KEYS: 'r1:short' }).success).toBe(false);
  });

  it('when neither domain is set, then no refs are made; in production with a domain, keys must be given', () => {
    const config = (env: Record<string, string>) => mailerConfig.parse({ ...base, ...env });
    expect(mailRefsFromConfig(config({}))).toBeNull();
    expect(() =>
      mailRefsFromConfig({ ...config({ BOUNCE_DOMAIN: 'bounces.mfd.example' }), NODE_ENV: 'production' }),
    ).toThrow(/MAIL_REF_KEYS or MAIL_REF_KEYS_FILE must be set in production/);
  });

  it('when two replicas read the same keys, then what one signs the other verifies', () => {
    const env = { BOUNCE_DOMAIN: 'bounces.mfd.example', MAIL_REF_KEYS: key() };
    const a = mailRefsFromConfig(mailerConfig.parse({ ...base, ...env }))!;
    const b = mailRefsFromConfig(mailerConfig.parse({ ...base, ...env }))!;
    const id = randomUUID();
    expect(b.verify('bounce', a.sign('bounce', id))).toBe(id);
  });

  it('when no keys are given outside production, then one development key in KEYS_DIR serves every replica', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mfd-keys-'));
    const env = { BOUNCE_DOMAIN: 'bounces.mfd.example', KEYS_DIR: dir };
    const a = mailRefsFromConfig(mailerConfig.parse({ ...base, ...env }))!;
    const b = mailRefsFromConfig(mailerConfig.parse({ ...base, ...env }))!;
    const id = randomUUID();
    expect(b.verify('bounce', a.sign('bounce', id))).toBe(id);
  });
});
