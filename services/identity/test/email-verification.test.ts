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

  describe('the signed-in user’s standing and a new link', () => {
    const get = (token: string, url: string) =>
      id.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const resend = (token: string) =>
      id.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        headers: { authorization: `Bearer ${token}` },
      });

    it('when the address is confirmed, then /me and the profile say so at once, with the token issued before', async () => {
      const user = await id.signUp();
      expect((await get(user.access_token, '/api/auth/me')).json()).toMatchObject({ email_verified: false });
      const profile = (await get(user.access_token, '/api/profile')).json().profile;
      expect(profile).toMatchObject({ email_verified: false });
      // The company's sign-up time is what the supplier mail quotas go by.
      expect(Date.now() - new Date(profile.company.created_at).getTime()).toBeLessThan(60_000);

      expect((await verify(await lastVerifyToken(user.email))).statusCode).toBe(200);
      expect((await get(user.access_token, '/api/auth/me')).json()).toMatchObject({ email_verified: true });
      expect((await get(user.access_token, '/api/profile')).json().profile).toMatchObject({
        email_verified: true,
      });
    });

    it('when a user asks for a new link, then one is mailed, the next within five minutes is 429 with Retry-After, and the new link verifies', async () => {
      const user = await id.signUp();
      // What the API cannot ask for is the passing of time: the sign-up's link went out 6 minutes ago.
      await id.deps.database.pool.query(
        "update email_verification_tokens set created_at = now() - interval '6 minutes' where user_id = $1",
        [user.user_id],
      );
      const first = await resend(user.access_token);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        success: true,
        detail: `A new confirmation e-mail is on its way to ${user.email}: open its link to confirm your address.`,
      });
      expect(await id.mailsTo(user.email, 'verify-email')).toHaveLength(2);

      const again = await resend(user.access_token);
      expect(again.statusCode).toBe(429);
      expect(again.json().detail).toBe(
        `A confirmation e-mail went to ${user.email} a few minutes ago: check your inbox, or ask again in 5 minute(s).`,
      );
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(290);
      expect(await id.mailsTo(user.email, 'verify-email')).toHaveLength(2);

      expect((await verify(await lastVerifyToken(user.email))).statusCode).toBe(200);
      const done = await resend(user.access_token);
      expect(done.statusCode).toBe(409);
      expect(done.json()).toEqual({ success: false, detail: 'Your e-mail address is already confirmed.' });
    });
  });
});
