import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE, INVALID_RESET_LINK, type MailSendJob } from '@mfd/contracts';
import { auth, startIdentity, TEST_PASSWORD, type IdentityHarness } from './harness';

const NEW_PASSWORD = 'new-bunker-password-7';

describe('forgot and reset password', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  async function forgot(email: string) {
    return id.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  }

  /** The reset link's token, opened from the mail job (which carries it sealed) as the mailer would. */
  async function lastResetToken(email: string): Promise<string> {
    const [job] = await id.mailsTo(email, 'password-reset');
    if (!job) throw new Error(`no reset mail job for ${email}`);
    return id.deps.mailSecrets.open(job.mail.data.token, email);
  }

  async function reset(token: string, new_password = NEW_PASSWORD) {
    return id.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, new_password },
    });
  }

  it('when the e-mail is known or unknown, then forgot-password answers exactly alike and mails only the known one', async () => {
    const user = await id.signUp();
    const known = await forgot(user.email);
    const unknown = await forgot('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });

    const jobs = await id.deps.database.db.selectFrom('outbox').select(['queue', 'payload']).execute();
    const recipients = jobs.map((j) => (j.payload as MailSendJob).to);
    expect(recipients).toContain(user.email);
    expect(recipients).not.toContain('ghost@example.com');
    expect(jobs.every((j) => j.queue === 'mail.send')).toBe(true);
  });

  it('when a reset token is stored, then only its sha256 hash is kept', async () => {
    const user = await id.signUp();
    await forgot(user.email);
    const token = await lastResetToken(user.email);
    const row = await id.deps.database.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', user.user_id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.token_hash).not.toContain(token);
  });

  it('when the link is used, then the new password works, the old one and old sessions do not, and a second use is 400', async () => {
    const user = await id.signUp();
    await forgot(user.email);
    const token = await lastResetToken(user.email);

    const ok = await reset(token);
    expect(ok.statusCode, ok.body).toBe(200);

    expect(
      (await id.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(user.access_token) }))
        .statusCode,
    ).toBe(401);
    const oldLogin = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: NEW_PASSWORD },
    });
    expect(newLogin.statusCode).toBe(200);
    // A session started right after the reset, even within the same second, is valid.
    expect(
      (
        await id.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: auth(newLogin.json().access_token),
        })
      ).statusCode,
    ).toBe(200);

    const again = await reset(token, 'another-password-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, detail: INVALID_RESET_LINK });
  });

  it('when the link has expired, then reset answers 400 and the password is unchanged', async () => {
    const user = await id.signUp();
    await forgot(user.email);
    const token = await lastResetToken(user.email);
    await id.deps.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.user_id)
      .execute();
    expect((await reset(token)).statusCode).toBe(400);
    const login = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('when a newer link is used, then the older link stops working too', async () => {
    const user = await id.signUp();
    await forgot(user.email);
    const older = await lastResetToken(user.email);
    await new Promise((r) => setTimeout(r, 5));
    await forgot(user.email);
    const newer = await lastResetToken(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer)).statusCode).toBe(200);
    expect((await reset(older)).statusCode).toBe(400);
  });

  it('when the token is unknown or the new password too short, then 400 names the problem', async () => {
    expect((await reset('x'.repeat(43))).json()).toMatchObject({ detail: INVALID_RESET_LINK });
    const short = await reset('x'.repeat(43), 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { field: 'new_password', message: 'Password must be at least 8 characters long' },
    ]);
  });
});
