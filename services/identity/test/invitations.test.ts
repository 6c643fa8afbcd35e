import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_HAS_ACCOUNT, MAILBOX_UNVERIFIED } from '@mfd/contracts';
import { auth, startIdentity, TEST_PASSWORD, type IdentityHarness } from './harness';
import { accept, companyAdmin, invitationToken, invite, type Member } from './team-fixtures';

describe('invitations to join a company', () => {
  let id: IdentityHarness;
  let admin: Member;
  beforeAll(async () => {
    id = await startIdentity();
    admin = await companyAdmin(id);
  });
  afterAll(() => id.close());

  const get = (url: string, token?: string) =>
    id.app.inject({ method: 'GET', url, ...(token ? { headers: auth(token) } : {}) });
  const newAddress = () => `invitee-${randomUUID()}@example.com`;

  it('when an admin invites an address, then 201 answers the invitation and one mail carries a sealed link naming the company and the inviter', async () => {
    const email = newAddress();
    const res = await invite(id, admin, email.toUpperCase(), 'admin');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), email, role: 'admin', expires_at: expect.any(String) });
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [job] = await id.mailsTo(email, 'company-invitation');
    expect(job?.mail.data).toMatchObject({
      company_name: 'Nordic Bunkers',
      inviter_name: 'Anna Berg',
      role: 'admin',
      expires_in_days: 7,
    });
    expect(job?.mail.data.token).toMatch(/^sealed\.v1\./);
    // Only the token's hash is kept.
    const token = await invitationToken(id, email);
    const rows = await id.deps.database.db.selectFrom('invitations').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('when a trader invites, then 403; when an admin with an unconfirmed mailbox invites, then 403 names the confirmation; neither mails', async () => {
    const trader = await id.signUp();
    const email = newAddress();
    expect((await invite(id, { token: trader.access_token }, email)).statusCode).toBe(403);
    const unverified = await id.signUp({ role: 'admin' });
    const res = await invite(id, { token: unverified.access_token }, email);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(MAILBOX_UNVERIFIED);
    expect(await id.mailsTo(email, 'company-invitation')).toHaveLength(0);
  });

  it('when the invitation is bad input, then 400 names each field', async () => {
    const res = await invite(id, admin, 'not-an-address', 'owner' as never);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['email', 'role']);
  });

  it('when the link is read, then it names company, inviter, e-mail and role; an unknown token is 404', async () => {
    const email = newAddress();
    await invite(id, admin, email);
    const res = await get(`/api/public/invitations/${await invitationToken(id, email)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      company_name: 'Nordic Bunkers',
      inviter_name: 'Anna Berg',
      email,
      role: 'trader',
    });
    expect((await get(`/api/public/invitations/${'x'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('when the invitee accepts, then the account is made in the company with the role, its mailbox proven, signed in as sign-up answers; the link is single-use', async () => {
    const email = newAddress();
    await invite(id, admin, email, 'admin');
    const token = await invitationToken(id, email);
    const res = await accept(id, token, 'Tom', 'Hansen');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      token_type: 'bearer',
      email,
      first_name: 'Tom',
      last_name: 'Hansen',
      role: 'admin',
      operator: false,
      user_id: expect.any(String),
      access_token: expect.any(String),
    });
    const me = (await get('/api/auth/me', res.json().access_token)).json();
    expect(me).toMatchObject({ company_id: (await get('/api/auth/me', admin.token)).json().company_id });
    expect(me.email_verified).toBe(true);
    // Used: both the page and a second acceptance answer 410, and no second account is made.
    expect((await accept(id, token, 'Eve', 'Twice')).statusCode).toBe(410);
    expect((await get(`/api/public/invitations/${token}`)).statusCode).toBe(410);
    const login = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('when the invited address already has an account, then acceptance is 409 and nothing is made; the link still answers', async () => {
    const existing = await id.signUp();
    await invite(id, admin, existing.email);
    const token = await invitationToken(id, existing.email);
    const res = await accept(id, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(EMAIL_HAS_ACCOUNT);
    const me = (await get('/api/auth/me', existing.access_token)).json();
    expect(me.first_name).toBe('Maria');
    expect((await get(`/api/public/invitations/${token}`)).statusCode).toBe(200);
  });

  it('when acceptance is bad input, then 400 names each field and the link still works', async () => {
    const email = newAddress();
    await invite(id, admin, email);
    const token = await invitationToken(id, email);
    const res = await id.app.inject({
      method: 'POST',
      url: `/api/public/invitations/${token}/accept`,
      payload: { first_name: '', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['first_name', 'last_name', 'password']);
    expect((await accept(id, token)).statusCode).toBe(201);
  });

  it('when an address is invited again, then the older link is retired (410) and one invitation is pending', async () => {
    const email = newAddress();
    await invite(id, admin, email);
    const first = await invitationToken(id, email);
    expect((await invite(id, admin, email, 'admin')).statusCode).toBe(201);
    const second = await invitationToken(id, email);
    expect(second).not.toBe(first);
    expect((await get(`/api/public/invitations/${first}`)).statusCode).toBe(410);
    expect((await get(`/api/public/invitations/${second}`)).json().role).toBe('admin');
    const pending = (await get('/api/company/invitations', admin.token)).json() as { email: string }[];
    expect(pending.filter((p) => p.email === email)).toHaveLength(1);
  });

  it('when an admin revokes an invitation, then it leaves the list and its link answers 410; another company’s admin gets 404', async () => {
    const email = newAddress();
    const { id: invitationId } = (await invite(id, admin, email)).json();
    const token = await invitationToken(id, email);
    const other = await companyAdmin(id, 'Other Desk');
    const foreign = await id.app.inject({
      method: 'DELETE',
      url: `/api/company/invitations/${invitationId}`,
      headers: auth(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/company/invitations', other.token)).json()).toEqual([]);
    const res = await id.app.inject({
      method: 'DELETE',
      url: `/api/company/invitations/${invitationId}`,
      headers: auth(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/public/invitations/${token}`)).statusCode).toBe(410);
    expect((await accept(id, token)).statusCode).toBe(410);
    const pending = (await get('/api/company/invitations', admin.token)).json() as { id: string }[];
    expect(pending.map((p) => p.id)).not.toContain(invitationId);
  });

  it('when a link is past its 7 days, then it answers 410', async () => {
    const email = newAddress();
    const { id: invitationId } = (await invite(id, admin, email)).json();
    await id.deps.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitationId)
      .execute();
    const token = await invitationToken(id, email);
    expect((await get(`/api/public/invitations/${token}`)).statusCode).toBe(410);
    expect((await accept(id, token)).statusCode).toBe(410);
  });

  it('when a trader lists invitations, then 403', async () => {
    const trader = await id.signUp();
    expect((await get('/api/company/invitations', trader.access_token)).statusCode).toBe(403);
  });
});

describe('invitation mail quotas', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity({ MAIL_QUOTA_MAILS_PER_HOUR: '1' });
  });
  afterAll(() => id.close());

  it('when an admin’s invitations pass the company’s mail quota, then 429 with Retry-After and nothing is mailed', async () => {
    const admin = await companyAdmin(id);
    expect((await invite(id, admin, `a-${randomUUID()}@example.com`)).statusCode).toBe(201);
    const over = `b-${randomUUID()}@example.com`;
    const res = await invite(id, admin, over);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await id.mailsTo(over, 'company-invitation')).toHaveLength(0);
  });
});
