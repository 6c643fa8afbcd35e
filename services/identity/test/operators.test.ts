import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailSendJob } from '@mfd/contracts';
import { runOperatorCommand } from '../src/cli/operator-command';
import { updatePersonalDetails } from '../src/data/users.repository';
import { hashResetToken } from '../src/domain/reset-token';
import { auth, startIdentity, TEST_PASSWORD, type IdentityHarness } from './harness';

const LISTED = 'ops-lead@marinefuel.example';
const SWITCH_TARGET = 'switch-ops@marinefuel.example';
const ROOT = resolve(import.meta.dirname, '../../..');

describe('platform operators', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity({
      OPERATOR_EMAILS: ` ${LISTED.toUpperCase()} , second-ops@marinefuel.example,${SWITCH_TARGET}`,
    });
  });
  afterAll(() => id.close());

  const operator = (args: string[]) =>
    runOperatorCommand(args, {
      db: id.deps.database.db,
      revocations: id.deps.revocations,
      config: id.config,
    });

  async function signIn(email: string) {
    const res = await id.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access_token: string; operator: boolean };
  }

  async function me(token: string) {
    return id.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });
  }

  async function verifyMailCount(email: string) {
    const rows = await id.deps.database.db.selectFrom('outbox').select('payload').execute();
    return rows.filter((r) => {
      const p = r.payload as MailSendJob;
      return p.to === email && p.mail.template === 'verify-email';
    }).length;
  }

  async function linkSentMinutesAgo(userId: string, minutes: number) {
    await sql`update email_verification_tokens set created_at = now() - make_interval(mins => ${minutes}) where user_id = ${userId}`.execute(
      id.deps.database.db,
    );
  }

  /** Proves the mailbox as the link in the mail would, with a token of our own making. */
  async function proveMailbox(userId: string, email: string) {
    const token = `test-token-${userId}`;
    await id.deps.database.db
      .insertInto('email_verification_tokens')
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        email,
        token_hash: hashResetToken(token),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    const res = await id.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('when a listed address signs up, then it is no operator until it verifies; after that its next sign-in is', async () => {
    const user = await id.signUp({ email: LISTED, role: 'admin' });
    expect(user.operator).toBe(false);
    expect((await me(user.access_token)).json()).toMatchObject({ role: 'admin', operator: false });

    // Signing in again unverified: still no operator, and a new link is not sent within minutes of the last.
    const before = await verifyMailCount(LISTED);
    expect((await signIn(LISTED)).operator).toBe(false);
    expect(await verifyMailCount(LISTED)).toBe(before);

    await proveMailbox(user.user_id, LISTED);
    const after = await signIn(LISTED);
    expect(after.operator).toBe(true);
    expect((await me(after.access_token)).json()).toMatchObject({ role: 'admin', operator: true });
  });

  it('when a listed, unverified account signs in and no recent link exists, then a verification mail is queued', async () => {
    const user = await id.signUp({ email: 'second-ops@marinefuel.example' });
    await linkSentMinutesAgo(user.user_id, 10);
    const before = await verifyMailCount(user.email);
    expect((await signIn(user.email)).operator).toBe(false);
    expect(await verifyMailCount(user.email)).toBe(before + 1);
  });

  it('when an unlisted user signs in, then no operator and no verification reminder', async () => {
    const user = await id.signUp();
    const before = await verifyMailCount(user.email);
    await linkSentMinutesAgo(user.user_id, 10);
    expect((await signIn(user.email)).operator).toBe(false);
    expect(await verifyMailCount(user.email)).toBe(before);
  });

  it('when the CLI grants a verified account, then tokens held keep operator false and the next sign-in carries true', async () => {
    const user = await id.signUp();
    await proveMailbox(user.user_id, user.email);
    const held = await signIn(user.email);

    const result = await operator(['grant', user.email.toUpperCase()]);
    expect(result).toEqual({
      exitCode: 0,
      message: `${user.email} is a platform operator from its next sign-in.`,
    });

    expect((await me(held.access_token)).json()).toMatchObject({ operator: false });
    const next = await signIn(user.email);
    expect(next.operator).toBe(true);
    expect((await me(next.access_token)).json()).toMatchObject({ operator: true });
  });

  it('when the CLI grants an unverified account, then it becomes operator only after proving its mailbox', async () => {
    const user = await id.signUp();
    const result = await operator(['grant', user.email]);
    expect(result.exitCode).toBe(0);
    expect(result.message).toContain('once it confirms its e-mail address');
    expect((await signIn(user.email)).operator).toBe(false);
    await proveMailbox(user.user_id, user.email);
    expect((await signIn(user.email)).operator).toBe(true);
  });

  it('when the CLI revokes an operator, then every token the account holds stops working at once and the next sign-in is no operator', async () => {
    const user = await id.signUp();
    await proveMailbox(user.user_id, user.email);
    await operator(['grant', user.email]);
    const first = await signIn(user.email);
    const second = await signIn(user.email);
    expect(first.operator && second.operator).toBe(true);

    const result = await operator(['revoke', user.email]);
    expect(result).toEqual({
      exitCode: 0,
      message: `${user.email} is no longer a platform operator; its sessions have ended.`,
    });
    expect((await me(first.access_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);

    const after = await signIn(user.email);
    expect(after.operator).toBe(false);
    expect((await me(after.access_token)).statusCode).toBe(200);
  });

  it('when the CLI revokes an address that is still listed, then it says the list must change too', async () => {
    const result = await operator(['revoke', LISTED]);
    expect(result.exitCode).toBe(0);
    expect(result.message).toContain('still listed in OPERATOR_EMAILS');
  });

  it('when the CLI is given an unknown e-mail or bad arguments, then it fails with a reason', async () => {
    expect(await operator(['grant', 'nobody@example.com'])).toEqual({
      exitCode: 1,
      message: 'No account has the e-mail nobody@example.com.',
    });
    expect((await operator(['promote', 'a@b.example'])).exitCode).toBe(2);
    expect((await operator(['grant'])).exitCode).toBe(2);
  });

  it('when a verified account changes its e-mail to a listed one, then the new address is unproven and grants nothing', async () => {
    const user = await id.signUp({ email: `switcher-${crypto.randomUUID()}@example.com` });
    await proveMailbox(user.user_id, user.email);
    const { company_id } = await id.deps.database.db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', user.user_id)
      .executeTakeFirstOrThrow();
    await updatePersonalDetails(id.deps.database.db, company_id, user.user_id, {
      first_name: 'Maria',
      last_name: 'Jensen',
      email: SWITCH_TARGET,
      phone: null,
      position: null,
    });
    expect((await signIn(SWITCH_TARGET)).operator).toBe(false);
  });

  it('when `npm run operator` runs against the database, then it grants and revokes by e-mail', async () => {
    const user = await id.signUp();
    await proveMailbox(user.user_id, user.email);
    const held = await signIn(user.email);
    const env = {
      PATH: process.env.PATH,
      PG_URL: id.config.PG_URL,
      DB_SCHEMA: id.config.DB_SCHEMA,
      REDIS_URL: id.config.REDIS_URL,
      REDIS_PREFIX: id.config.REDIS_PREFIX,
    };
    const run = (...args: string[]) =>
      promisify(execFile)('npm', ['run', '--silent', 'operator', '--', ...args], { cwd: ROOT, env });

    expect((await run('grant', user.email)).stdout).toContain(
      `${user.email} is a platform operator from its next sign-in.`,
    );
    expect((await signIn(user.email)).operator).toBe(true);
    expect((await run('revoke', user.email)).stdout).toContain('is no longer a platform operator');
    expect((await me(held.access_token)).statusCode).toBe(401);
    await expect(run('grant', 'nobody@example.com')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account has the e-mail'),
    });
  }, 60_000);
});
