import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, PATTERN_PASSWORD_MESSAGE } from '@mfd/contracts';
import { startIdentity, type IdentityHarness } from './harness';

describe('weak passwords', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  const signUp = (password: string) =>
    id.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        first_name: 'Maria',
        last_name: 'Jensen',
        email: `weak-${crypto.randomUUID()}@example.com`,
        password,
      },
    });

  it.each([
    ['password', COMMON_PASSWORD_MESSAGE],
    ['Password1', COMMON_PASSWORD_MESSAGE],
    ['12345678', PATTERN_PASSWORD_MESSAGE],
    ['iloveyou', COMMON_PASSWORD_MESSAGE],
    ['aaaaaaaa', PATTERN_PASSWORD_MESSAGE],
  ])('when someone signs up with %j, then 400 names password and says why', async (password, message) => {
    const res = await signUp(password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, detail: message, errors: [{ field: 'password', message }] });
  });

  it('when a reset sets a common password, then 400 names new_password before the link is even looked at', async () => {
    const res = await id.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'x'.repeat(43), new_password: 'qwertyuiop' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'new_password', message: COMMON_PASSWORD_MESSAGE }]);
  });

  it('when the password is long and not on any list, then sign-up succeeds', async () => {
    expect((await signUp('harbour-pilot-42')).statusCode).toBe(201);
  });
});
