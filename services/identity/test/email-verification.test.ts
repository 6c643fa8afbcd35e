import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_VERIFIED_MESSAGE, INVALID_VERIFY_LINK } from '@mfd/contracts';
import { uniqueRedisPrefix } from '@mfd/testing';
import { startMailer, type MailerHarness } from '../../mailer/test/harness';
import { startIdentity, type IdentityHarness } from './harness';

/** Identity and a mailer on one Redis prefix: a verification mail goes the whole way to the SMTP sink. */
describe('e-mail verification', () => {
  let id: IdentityHarness;
  let mailer: MailerHarness;
  beforeAll(async () => {
    const shared = { REDIS_PREFIX: uniqueRedisPrefix() };
    mailer = await startMailer(shared);
    id = await startIdentity({ ...shared, OUTBOX_POLL_MS: '50' });
    id.deps.relay.start();
  });
  afterAll(async () => {
    await id.close();
    await mailer.close();
  });

  const verify = (token: string) =>
    id.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

  async function verifiedAt(userId: string) {
    const row = await id.deps.database.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.email_verified_at;
  }

  /** The link's token, opened from the mail job (which carries it sealed) as the mailer would. */
  async function lastVerifyToken(email: string): Promise<string> {
    const [job] = await id.mailsTo(email, 'verify-email');
    if (!job) throw new Error(`no verification mail job for ${email}`);
    return id.deps.mailSecrets.open(job.mail.data.token, email);
  }

  it('when someone signs up, then a mail with a /verify-email link arrives, and the link verifies the address once', async () => {
    const user = await id.signUp();
    expect(await verifiedAt(user.user_id)).toBeNull();

    const mail = await mailer.sink.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Confirm your e-mail address for Marine Fuel Distribution');
    const link = /https:\/\/app\.marinefuel\.example\/verify-email\?token=([\w-]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    // Only the hash is stored.
    const stored = await id.deps.database.db
      .selectFrom('email_verification_tokens')
      .select('token_hash')
      .where('user_id', '=', user.user_id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);

    const first = await verify(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, detail: EMAIL_VERIFIED_MESSAGE });
    expect(await verifiedAt(user.user_id)).toBeInstanceOf(Date);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, detail: INVALID_VERIFY_LINK });
  });

  it('when the link has expired, then 400 and the address stays unverified', async () => {
    const user = await id.signUp();
    const token = await lastVerifyToken(user.email);
    await id.deps.database.db
      .updateTable('email_verification_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.user_id)
      .execute();
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: INVALID_VERIFY_LINK });
    expect(await verifiedAt(user.user_id)).toBeNull();
  });

  it('when the token is unknown or missing, then 400 names the problem', async () => {
    expect((await verify('x'.repeat(43))).json()).toMatchObject({ detail: INVALID_VERIFY_LINK });
    const missing = await id.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'token', message: 'Invalid e-mail verification link' }]);
  });
});
