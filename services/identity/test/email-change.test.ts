import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, INVALID_RESET_LINK } from '@mfd/contracts';
import { insertResetToken } from '../src/data/reset-tokens.repository';
import { newResetToken } from '../src/domain/reset-token';
import { auth, startIdentity, TEST_PASSWORD, type IdentityHarness } from './harness';

describe('changing the login e-mail', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  const putProfile = (token: string, payload: object) =>
    id.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(token), payload });
  const me = (token: string) => id.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });
  const login = (email: string, password = TEST_PASSWORD) =>
    id.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const newAddress = () => `moved-${crypto.randomUUID()}@example.com`;
  /** A move to a fresh address, with the current password given. */
  const changeEmail = (token: string, current_password: string) =>
    putProfile(token, { name: 'Maria Jensen', email: newAddress(), current_password });

  it('when the e-mail changes without the current password, then 400 names current_password and nothing changes', async () => {
    const user = await id.signUp();
    const res = await putProfile(user.access_token, { name: 'Maria Jensen', email: newAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      detail: CURRENT_PASSWORD_REQUIRED,
      errors: [{ field: 'current_password', message: CURRENT_PASSWORD_REQUIRED }],
    });
    expect((await me(user.access_token)).json().email).toBe(user.email);
  });

  it('when the current password is wrong, then 400 names current_password, the e-mail stays and no notice is sent', async () => {
    const user = await id.signUp();
    const res = await changeEmail(user.access_token, 'not-my-password-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'current_password', message: CURRENT_PASSWORD_WRONG }]);
    expect((await me(user.access_token)).json().email).toBe(user.email);
    expect(await id.mailsTo(user.email, 'email-changed')).toEqual([]);
  });

  it('when only the name or phone changes, then no password is asked and no notice is sent', async () => {
    const user = await id.signUp();
    const res = await putProfile(user.access_token, {
      name: 'Maria Holm',
      email: user.email.toUpperCase(),
      phone: '+45 33 12 34 56',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await id.mailsTo(user.email, 'email-changed')).toEqual([]);
  });

  it('when the e-mail changes with the right password, then sign-in uses the new one, the old address gets a notice naming it and the new one a link to prove it', async () => {
    const user = await id.signUp({ first_name: 'Chen', last_name: 'Wei' });
    const moved = newAddress();
    const res = await putProfile(user.access_token, {
      name: 'Chen Wei',
      email: moved,
      current_password: user.password,
    });
    expect(res.json()).toEqual({ success: true, detail: 'Profile updated successfully!' });

    expect((await login(moved)).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(401);

    const [notice] = await id.mailsTo(user.email, 'email-changed');
    expect(notice).toMatchObject({
      to: user.email,
      source: 'identity',
      mail: { data: { first_name: 'Chen', new_email: moved } },
    });
    expect(await id.mailsTo(moved, 'email-changed')).toEqual([]);
    // The new address is unproven until its owner opens the link it is sent.
    const [link] = await id.mailsTo(moved, 'verify-email');
    expect(link).toMatchObject({ to: moved, mail: { data: { first_name: 'Chen' } } });
    const me = await id.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${user.access_token}` },
    });
    expect(me.json()).toMatchObject({ email: moved, email_verified: false });
  });

  it('when the e-mail changes, then an earlier reset link no longer sets the password, other sessions end and this one goes on', async () => {
    const user = await id.signUp();
    const other = (await login(user.email)).json().access_token as string;
    expect((await me(other)).statusCode).toBe(200);
    // A reset link issued before the change, as forgot-password stores it (its mail went to the old address).
    const issued = newResetToken();
    await insertResetToken(id.deps.database.db, user.user_id, issued.hash, new Date(Date.now() + 3_600_000));

    const moved = newAddress();
    expect(
      (
        await putProfile(user.access_token, {
          name: 'Maria Jensen',
          email: moved,
          current_password: user.password,
        })
      ).statusCode,
    ).toBe(200);

    const reset = await id.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: issued.token, new_password: 'taken-over-password-7' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().detail).toBe(INVALID_RESET_LINK);
    expect((await login(moved)).statusCode).toBe(200);

    expect((await me(other)).statusCode).toBe(401);
    const current = await me(user.access_token);
    expect(current.statusCode).toBe(200);
    expect(current.json().email).toBe(moved);

    const sessions = await id.deps.database.db
      .selectFrom('sessions')
      .select(['id', 'revoked_at'])
      .where('user_id', '=', user.user_id)
      .execute();
    const live = sessions.filter((s) => s.revoked_at === null).map((s) => s.id);
    // This session and the sign-in just made with the new address; the earlier other one is gone.
    expect(live).toHaveLength(2);
  });

  it('when the current password is guessed, then after 5 wrong ones even the right one gets 429 with Retry-After, and the e-mail stays', async () => {
    const user = await id.signUp();
    const attempt = (current_password: string) => changeEmail(user.access_token, current_password);
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-number-${i}`)).statusCode).toBe(400);
    const refused = await attempt(user.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      success: false,
      detail: expect.stringMatching(/^Too many attempts/),
    });
    expect((await me(user.access_token)).json().email).toBe(user.email);
    // Another user's budget is their own.
    const other = await id.signUp();
    expect((await changeEmail(other.access_token, 'wrong-password-9')).statusCode).toBe(400);
  });

  it('when the right current password is given, then the wrong ones before it stop counting', async () => {
    const user = await id.signUp();
    const attempt = (current_password: string) => changeEmail(user.access_token, current_password);
    for (let i = 0; i < 4; i++) expect((await attempt(`guess-number-${i}`)).statusCode).toBe(400);
    expect((await attempt(user.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(`guess-again-${i}`)).statusCode).toBe(400);
    expect((await attempt(user.password)).statusCode).toBe(200);
  });
});
