import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startIdentity, type IdentityHarness } from './harness';

describe('profile, company details and e-mail signature', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  const get = (token: string) => id.app.inject({ method: 'GET', url: '/api/profile', headers: auth(token) });
  const put = (token: string, url: string, payload: object) =>
    id.app.inject({ method: 'PUT', url, headers: auth(token), payload });

  it('when a new user opens the profile, then it shows their details, their company and an empty signature', async () => {
    const user = await id.signUp({ first_name: 'Chen', last_name: 'Wei' });
    const res = await get(user.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      profile: {
        name: 'Chen Wei',
        email: user.email,
        company: { name: 'Chen Wei', email: user.email, legal_name: null },
        email_signature: { full_name: null, title: null },
      },
    });
  });

  it('when personal details are saved, then the name splits into first and last and the answer is the spec message', async () => {
    const user = await id.signUp();
    const res = await put(user.access_token, '/api/profile', {
      name: 'Anna van der Berg',
      email: user.email,
      // Grouped as the user reads it, not as libphonenumber would (+31 10 123 4567).
      phone: ' +31 10 1234567 ',
      position: 'Senior Trader',
    });
    expect(res.json()).toEqual({ success: true, detail: 'Profile updated successfully!' });
    const me = (
      await id.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(user.access_token) })
    ).json();
    expect(me).toMatchObject({ first_name: 'Anna', last_name: 'van der Berg', phone: '+31 10 1234567' });
  });

  it('when the new e-mail belongs to someone else, then 409 names the email field', async () => {
    const a = await id.signUp();
    const b = await id.signUp();
    const res = await put(b.access_token, '/api/profile', {
      name: 'B',
      email: a.email,
      current_password: b.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      { field: 'email', message: 'An account with this email already exists' },
    ]);
  });

  it('when required company fields are missing, then 400 names each, and a full save is shown back', async () => {
    const user = await id.signUp();
    const bad = await put(user.access_token, '/api/profile/company', { name: 'Acme' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['address', 'city', 'country', 'email', 'legal_name']);

    const company = {
      name: 'Nordic Bunkers',
      legal_name: 'Nordic Bunkers ApS',
      address: 'Havnegade 1',
      city: 'Copenhagen',
      country: 'Denmark',
      postal_code: '1058',
      phone: '+45 3312 3456',
      email: 'ops@nordicbunkers.example',
      website: 'nordicbunkers.example',
      registration_number: 'DK12345678',
    };
    expect((await put(user.access_token, '/api/profile/company', company)).json().detail).toBe(
      'Company profile updated successfully!',
    );
    expect((await get(user.access_token)).json().profile.company).toMatchObject({
      ...company,
      website: 'https://nordicbunkers.example',
    });
  });

  it('when a colleague-less user saves a signature, then it is kept as given and only for that user', async () => {
    const user = await id.signUp();
    const other = await id.signUp();
    const signature = {
      full_name: 'Maria Jensen',
      title: 'Bunker Trader',
      company_name: 'Nordic Bunkers',
      phone: '+45-3312-3457',
      email: 'maria@nordicbunkers.example',
      additional_info: '24/7 desk: +45 33 00 00 00',
    };
    expect((await put(user.access_token, '/api/profile/signature', signature)).json().detail).toBe(
      'Email signature updated successfully!',
    );
    expect((await get(user.access_token)).json().profile.email_signature).toMatchObject(signature);
    expect((await get(other.access_token)).json().profile.email_signature.full_name).toBeNull();

    const bad = await put(user.access_token, '/api/profile/signature', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('email');
  });
});
