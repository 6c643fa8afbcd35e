import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@mfd/contracts';
import { auth, startIdentity, TEST_PASSWORD, type IdentityHarness } from './harness';
import { companyAdmin, invitationToken, invite, joinedMember, type Member } from './team-fixtures';

const NEW_PASSWORD = 'quay-crane-2031';

describe('a removed member invited again', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  const call = (method: 'GET' | 'DELETE', url: string, by: { token: string }) =>
    id.app.inject({ method, url, headers: auth(by.token) });
  const login = (email: string, password: string) =>
    id.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const remove = async (admin: Member, member: Member) =>
    expect((await call('DELETE', `/api/company/members/${member.user_id}`, admin)).statusCode).toBe(200);
  /** Accepts the latest invitation of the address with a password of the member's choosing. */
  const rejoin = async (email: string) => {
    const token = await invitationToken(id, email);
    const opened = await id.app.inject({ method: 'GET', url: `/api/public/invitations/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    return id.app.inject({
      method: 'POST',
      url: `/api/public/invitations/${token}/accept`,
      payload: { first_name: 'Tom', last_name: 'Hansen', phone: '', password: NEW_PASSWORD },
    });
  };

  it('when the company invites the address again, then it joins as a new account with the new role; the old account stays unable to sign in', async () => {
    const admin = await companyAdmin(id);
    const trader = await joinedMember(id, admin);
    await remove(admin, trader);

    const invited = await invite(id, admin, trader.email, 'admin');
    expect(invited.statusCode, invited.body).toBe(201);
    const res = await rejoin(trader.email);
    expect(res.statusCode, res.body).toBe(201);
    const again = res.json() as AuthResponse;
    expect(again.user_id).not.toBe(trader.user_id);
    expect(again.role).toBe('admin');

    const members = (await call('GET', '/api/company/members', admin)).json() as {
      id: string;
      email: string;
    }[];
    expect(members.map((m) => m.id)).toEqual([admin.user_id, again.user_id]);
    expect(members.filter((m) => m.email === trader.email)).toHaveLength(1);
    // The old account: its tokens and its password stay refused.
    expect((await call('GET', '/api/auth/me', trader)).statusCode).toBe(401);
    expect((await login(trader.email, TEST_PASSWORD)).statusCode).toBe(401);
    // The new one signs in with its own password.
    const signedIn = await login(trader.email, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user_id).toBe(again.user_id);
    expect((await call('GET', '/api/auth/me', { token: again.access_token })).json()).toMatchObject({
      id: again.user_id,
      role: 'admin',
    });
  });

  it('when another company invites a removed member, then it joins that company', async () => {
    const first = await companyAdmin(id, 'First Desk');
    const trader = await joinedMember(id, first);
    await remove(first, trader);
    const second = await companyAdmin(id, 'Second Desk');
    expect((await invite(id, second, trader.email)).statusCode).toBe(201);
    const res = await rejoin(trader.email);
    expect(res.statusCode, res.body).toBe(201);
    const members = (await call('GET', '/api/company/members', second)).json() as { email: string }[];
    expect(members.map((m) => m.email)).toContain(trader.email);
    expect((await call('GET', '/api/company/members', first)).json()).toHaveLength(1);
  });

  it('when the member is invited again before being removed, then acceptance is still 409 and nothing is made', async () => {
    const admin = await companyAdmin(id);
    const trader = await joinedMember(id, admin);
    expect((await invite(id, admin, trader.email)).statusCode).toBe(201);
    expect((await rejoin(trader.email)).statusCode).toBe(409);
    expect((await call('GET', '/api/company/members', admin)).json()).toHaveLength(2);
  });
});
