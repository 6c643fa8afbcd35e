import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AuthResponse, Role } from '@mfd/contracts';
import { auth, TEST_PASSWORD, type IdentityHarness } from './harness';

export type Member = AuthResponse & { password: string; token: string };

/** An admin who signed up their company and confirmed their mailbox (invitations need it). */
export async function companyAdmin(id: IdentityHarness, company_name = 'Nordic Bunkers'): Promise<Member> {
  const admin = await id.signUp({ role: 'admin', company_name, first_name: 'Anna', last_name: 'Berg' });
  await id.verify(admin.email);
  return { ...admin, token: admin.access_token };
}

/** The link token of the latest invitation mailed to the address, opened as the mailer would. */
export async function invitationToken(id: IdentityHarness, email: string): Promise<string> {
  const [job] = await id.mailsTo(email, 'company-invitation');
  if (!job) throw new Error(`no invitation mail job for ${email}`);
  return id.deps.mailSecrets.open(job.mail.data.token, email);
}

export async function invite(
  id: IdentityHarness,
  by: { token: string },
  email: string,
  role: Role = 'trader',
) {
  return id.app.inject({
    method: 'POST',
    url: '/api/company/invitations',
    headers: auth(by.token),
    payload: { email, role },
  });
}

export async function accept(id: IdentityHarness, token: string, first_name = 'Tom', last_name = 'Hansen') {
  return id.app.inject({
    method: 'POST',
    url: `/api/public/invitations/${token}/accept`,
    payload: { first_name, last_name, phone: '', password: TEST_PASSWORD },
  });
}

/** A colleague the admin invited who joined through the link, signed in. */
export async function joinedMember(
  id: IdentityHarness,
  admin: { token: string },
  role: Role = 'trader',
  name: [string, string] = ['Tom', 'Hansen'],
  email = `colleague-${randomUUID()}@example.com`,
): Promise<Member> {
  expect((await invite(id, admin, email, role)).statusCode).toBe(201);
  const res = await accept(id, await invitationToken(id, email), ...name);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as AuthResponse;
  return { ...body, password: TEST_PASSWORD, token: body.access_token };
}
