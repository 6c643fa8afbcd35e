import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN, type IdentityMemberRemovedEvent } from '@mfd/contracts';
import { auth, startIdentity, TEST_PASSWORD, type IdentityHarness } from './harness';
import { companyAdmin, joinedMember } from './team-fixtures';

describe('members of a company', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  const call = (
    method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
    url: string,
    by: { token: string },
    payload?: object,
  ) => id.app.inject({ method, url, headers: auth(by.token), ...(payload ? { payload } : {}) });
  const removedEvents = async () =>
    (await id.deps.database.db.selectFrom('outbox').select('payload').execute())
      .map((r) => r.payload)
      .filter((p): p is IdentityMemberRemovedEvent => p.type === 'identity.member-removed');

  it('when any member reads the members, then each answers with role, joined and last sign-in; another company’s are not there', async () => {
    const admin = await companyAdmin(id);
    const trader = await joinedMember(id, admin);
    const other = await companyAdmin(id, 'Other Desk');
    const res = await call('GET', '/api/company/members', trader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: admin.user_id,
        email: admin.email,
        first_name: 'Anna',
        last_name: 'Berg',
        role: 'admin',
        joined_at: expect.any(String),
        last_sign_in_at: expect.any(String),
      },
      expect.objectContaining({ id: trader.user_id, first_name: 'Tom', role: 'trader' }),
    ]);
    expect(JSON.stringify((await call('GET', '/api/company/members', other)).json())).not.toContain(
      trader.user_id,
    );
  });

  it('when an admin makes a trader an admin, then it applies on the trader’s next request with the token they hold; and back again', async () => {
    const admin = await companyAdmin(id);
    const trader = await joinedMember(id, admin);
    expect((await call('GET', '/api/company/invitations', trader)).statusCode).toBe(403);
    const promoted = await call('PATCH', `/api/company/members/${trader.user_id}`, admin, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await call('GET', '/api/company/invitations', trader)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', trader)).json().role).toBe('admin');
    expect(
      (await call('PATCH', `/api/company/members/${trader.user_id}`, admin, { role: 'trader' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/company/invitations', trader)).statusCode).toBe(403);
  });

  it('when a trader changes a role or removes a member, then 403 and nothing changes', async () => {
    const admin = await companyAdmin(id);
    const trader = await joinedMember(id, admin);
    expect(
      (await call('PATCH', `/api/company/members/${admin.user_id}`, trader, { role: 'trader' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/company/members/${admin.user_id}`, trader)).statusCode).toBe(403);
    expect((await call('GET', '/api/company/members', admin)).json()).toHaveLength(2);
  });

  it('when the last admin would be demoted or removed, then 409; with a second admin, the first may go', async () => {
    const admin = await companyAdmin(id);
    const demote = await call('PATCH', `/api/company/members/${admin.user_id}`, admin, { role: 'trader' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toBe(LAST_ADMIN);
    const second = await joinedMember(id, admin, 'admin');
    const self = await call('DELETE', `/api/company/members/${second.user_id}`, second);
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual([expect.objectContaining({ field: 'reassign_to' })]);
    expect(
      (await call('PATCH', `/api/company/members/${admin.user_id}`, second, { role: 'trader' })).statusCode,
    ).toBe(200);
    const last = await call('DELETE', `/api/company/members/${second.user_id}`, second, {
      reassign_to: admin.user_id,
    });
    expect(last.statusCode).toBe(409);
  });

  it('when an admin removes a member, then the member’s tokens answer 401 at once, signing in answers 401, and the open inquiries go to the remover', async () => {
    const admin = await companyAdmin(id);
    const trader = await joinedMember(id, admin);
    expect((await call('GET', '/api/auth/me', trader)).statusCode).toBe(200);
    const res = await call('DELETE', `/api/company/members/${trader.user_id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/auth/me', trader)).statusCode).toBe(401);
    expect((await call('GET', '/api/company/members', trader)).statusCode).toBe(401);
    const login = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: trader.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().detail).toBe('Invalid email or password');
    const members = (await call('GET', '/api/company/members', admin)).json() as { id: string }[];
    expect(members.map((m) => m.id)).toEqual([admin.user_id]);
    const [event] = (await removedEvents()).filter((e) => e.user_id === trader.user_id);
    expect(event).toMatchObject({
      tenant_id: (await call('GET', '/api/auth/me', admin)).json().company_id,
      user_name: 'Tom Hansen',
      reassign_to: { id: admin.user_id, name: 'Anna Berg' },
      removed_by: { id: admin.user_id, name: 'Anna Berg' },
    });
  });

  it('when an admin removes a member with reassign_to, then the event names that member; a non-member is 400 and nothing changes', async () => {
    const admin = await companyAdmin(id);
    const leaving = await joinedMember(id, admin);
    const heir = await joinedMember(id, admin, 'trader', ['Lea', 'Kim']);
    const outsider = await companyAdmin(id, 'Other Desk');
    const bad = await call('DELETE', `/api/company/members/${leaving.user_id}`, admin, {
      reassign_to: outsider.user_id,
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/auth/me', leaving)).statusCode).toBe(200);
    const res = await call('DELETE', `/api/company/members/${leaving.user_id}`, admin, {
      reassign_to: heir.user_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = (await removedEvents()).filter((e) => e.user_id === leaving.user_id);
    expect(event?.reassign_to).toEqual({ id: heir.user_id, name: 'Lea Kim' });
  });

  it('when an admin changes or removes another company’s member, then 404', async () => {
    const admin = await companyAdmin(id);
    const other = await companyAdmin(id, 'Other Desk');
    const foreign = await joinedMember(id, other);
    expect(
      (await call('PATCH', `/api/company/members/${foreign.user_id}`, admin, { role: 'admin' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/company/members/${foreign.user_id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/me', foreign)).json().role).toBe('trader');
  });

  it('when a role change is bad input, then 400 names the field', async () => {
    const admin = await companyAdmin(id);
    const res = await call('PATCH', `/api/company/members/${admin.user_id}`, admin, { role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'role' })]);
  });
});

describe('company settings', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  const call = (method: 'GET' | 'PUT', by: { token: string }, payload?: object) =>
    id.app.inject({
      method,
      url: '/api/company/settings',
      headers: auth(by.token),
      ...(payload ? { payload } : {}),
    });

  it('when nothing is set, then every member reads the defaults: the name’s first three letters, 24 hours, GT&C', async () => {
    const admin = await companyAdmin(id, 'Nordic Bunkers');
    const trader = await joinedMember(id, admin);
    const res = await call('GET', trader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      reference_prefix: 'NOR',
      default_reply_by_hours: 24,
      default_selling_terms: 'GT&C',
    });
  });

  it('when an admin saves settings, then every member reads them; a trader’s PUT is 403 and changes nothing', async () => {
    const admin = await companyAdmin(id, 'Nordic Bunkers');
    const trader = await joinedMember(id, admin);
    const settings = {
      reference_prefix: 'nb24',
      default_reply_by_hours: 48,
      default_selling_terms: 'BIMCO 2018 (Bunkering)',
    };
    const saved = await call('PUT', admin, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...settings, reference_prefix: 'NB24' });
    expect((await call('PUT', trader, { ...settings, reference_prefix: 'TR' })).statusCode).toBe(403);
    expect((await call('GET', trader)).json()).toEqual({ ...settings, reference_prefix: 'NB24' });
    const other = await companyAdmin(id, 'Other Desk');
    expect((await call('GET', other)).json().reference_prefix).toBe('OTH');
  });

  it('when settings are bad input, then 400 names each field', async () => {
    const admin = await companyAdmin(id);
    const res = await call('PUT', admin, {
      reference_prefix: 'N-1',
      default_reply_by_hours: 0,
      default_selling_terms: 'Other',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['default_reply_by_hours', 'default_selling_terms', 'reference_prefix']);
  });
});
