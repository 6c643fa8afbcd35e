import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startIdentity, TEST_PASSWORD, type IdentityHarness } from './harness';

describe('sign-up, sign-in, current user, sign-out', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  it('when someone signs up, then they get a token, their own company, and the chosen role', async () => {
    const res = await id.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        first_name: 'Lars',
        last_name: 'Eriksen',
        email: '  Lars.Eriksen@Example.COM ',
        phone: '+65 6123 4567',
        role: 'admin',
        password: TEST_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      email: 'lars.eriksen@example.com',
      first_name: 'Lars',
      role: 'admin',
    });

    const me = await id.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: body.user_id,
      email: 'lars.eriksen@example.com',
      phone: '+65 6123 4567',
      role: 'admin',
      company_name: 'Lars Eriksen',
    });
  });

  it('when someone signs up with a company name, then their company carries it, in /me and in the profile', async () => {
    const res = await id.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        first_name: 'Mia',
        last_name: 'Broker',
        company_name: '  Straits Bunker Brokers Pte Ltd ',
        email: 'mia@straits-brokers.example',
        password: TEST_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const headers = auth(res.json().access_token);
    const me = await id.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.json()).toMatchObject({ first_name: 'Mia', company_name: 'Straits Bunker Brokers Pte Ltd' });
    const profile = await id.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(profile.json().profile.company.name).toBe('Straits Bunker Brokers Pte Ltd');
  });

  it('when the company name is left empty, then the company is named after the person, as before', async () => {
    const res = await id.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        first_name: 'Ole',
        last_name: 'Hansen',
        company_name: '   ',
        email: 'ole.hansen@example.com',
        password: TEST_PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const me = await id.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: auth(res.json().access_token),
    });
    expect(me.json().company_name).toBe('Ole Hansen');
  });

  it('when no role is chosen, then the user is a trader', async () => {
    const user = await id.signUp();
    expect(user.role).toBe('trader');
  });

  it('when a password is stored, then it is an argon2id hash with OWASP parameters, never the password', async () => {
    const user = await id.signUp();
    const row = await id.deps.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.user_id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row.password_hash).not.toContain(TEST_PASSWORD);
  });

  it('when the e-mail is taken in another letter case, then sign-up answers 409 naming the email field', async () => {
    const first = await id.signUp();
    const res = await id.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { first_name: 'A', last_name: 'B', email: first.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, errors: [{ field: 'email' }] });
  });

  it('when sign-up fields are bad, then 400 names each of them and nothing is written', async () => {
    const before = await id.deps.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await id.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        first_name: '',
        company_name: `Bunkers\nInjected: header`,
        email: 'not-an-email',
        phone: '12',
        role: 'owner',
        password: 'short',
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['company_name', 'email', 'first_name', 'last_name', 'password', 'phone', 'role']);
    expect(res.json().errors).toContainEqual({
      field: 'password',
      message: 'Password must be at least 8 characters long',
    });
    const after = await id.deps.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('when the password is right, then login answers the spec shape; wrong password and unknown e-mail answer the same 401', async () => {
    const user = await id.signUp();
    const ok = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual([
      'access_token',
      'email',
      'expires_in',
      'first_name',
      'last_name',
      'operator',
      'role',
      'token_type',
      'user_id',
    ]);

    const wrong = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong-password' },
    });
    const unknown = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBe('Invalid email or password');
  });

  it('when a user logs out, then that token stops working at once and another session stays valid', async () => {
    const user = await id.signUp();
    const other = (
      await id.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      })
    ).json();
    const out = await id.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: auth(user.access_token),
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await id.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(user.access_token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await id.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(other.access_token) }))
        .statusCode,
    ).toBe(200);
  });
});
