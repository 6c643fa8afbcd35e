import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startIdentity, TEST_PASSWORD, type IdentityHarness } from './harness';

const fieldsOf = (body: { errors?: { field: string }[] }) => body.errors?.map((e) => e.field);

describe('control characters in identity text fields', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  it('when sign-up names hold a NUL or a line break, then 400 names each field and no account is made', async () => {
    const email = `nul-${crypto.randomUUID()}@example.com`;
    const res = await id.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { first_name: 'Ma\u0000ria', last_name: 'Jen\r\nsen', email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['first_name', 'last_name']);
    const login = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('when a signature line holds a NUL, a line break or a bidi override, then 400 names it; additional info keeps its lines', async () => {
    const user = await id.signUp();
    const put = (payload: object) =>
      id.app.inject({
        method: 'PUT',
        url: '/api/profile/signature',
        headers: auth(user.access_token),
        payload,
      });

    const bad = await put({
      full_name: 'Maria\u0000',
      title: 'Trader\nCEO',
      company_name: 'evil\u202Etxt.exe',
      additional_info: 'x\u0000',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(['full_name', 'title', 'company_name', 'additional_info']);

    expect(
      (await put({ full_name: 'Maria Jensen', additional_info: '24/7 desk\nWeekend: +45 33 00 00 00' }))
        .statusCode,
    ).toBe(200);
    const profile = (
      await id.app.inject({ method: 'GET', url: '/api/profile', headers: auth(user.access_token) })
    ).json().profile;
    expect(profile.email_signature.additional_info).toBe('24/7 desk\nWeekend: +45 33 00 00 00');
  });

  it('when company or personal details hold a control character, then 400 names the field, never 500', async () => {
    const user = await id.signUp();
    const company = await id.app.inject({
      method: 'PUT',
      url: '/api/profile/company',
      headers: auth(user.access_token),
      payload: {
        name: 'Acme\u0085',
        legal_name: 'Acme Ltd',
        address: '1 Quay\u0000',
        city: 'Oslo',
        country: 'Norway',
        email: 'ops@acme.example',
      },
    });
    expect(company.statusCode).toBe(400);
    expect(fieldsOf(company.json())).toEqual(['name', 'address']);

    const personal = await id.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: auth(user.access_token),
      payload: { name: 'Maria\u2066Jensen', email: user.email, position: 'Trader\u0000' },
    });
    expect(personal.statusCode).toBe(400);
    expect(fieldsOf(personal.json())).toEqual(['name', 'position']);
  });
});
