import { randomUUID } from 'node:crypto';
import type { AuthResponse, MailSendJob, MailTemplate, SignupRequest } from '@mfd/contracts';
import { dropSchemas, serviceTestEnv, TEST_MAIL_SECRET_KEYS, testInfra, testKeys } from '@mfd/testing';
import { buildApp } from '../src/app';
import { identityConfig, type IdentityConfig } from '../src/config';
import { closeDeps, createDeps, migrate } from '../src/deps';

export const TEST_PASSWORD = 'harbour-pilot-42';

/** The identity app on its own fresh schema and Redis prefix, signing with the test key pair. */
export async function startIdentity(env: Partial<Record<keyof IdentityConfig, string>> = {}) {
  const infra = testInfra();
  const { schema, env: base } = serviceTestEnv('identity', infra, {
    FORGOT_PASSWORD_MIN_MS: '20',
    MAIL_SECRET_KEYS: TEST_MAIL_SECRET_KEYS,
    ...env,
  });
  const config = identityConfig.parse(base);
  const deps = createDeps(config, testKeys());
  await migrate(deps);
  const app = await buildApp(deps);
  await app.ready();

  /** Signs a new user up through the API (a company comes with it) and answers the login shape. */
  async function signUp(
    overrides: Partial<SignupRequest> = {},
  ): Promise<AuthResponse & { password: string }> {
    const body = {
      first_name: 'Maria',
      last_name: 'Jensen',
      email: `trader-${randomUUID()}@example.com`,
      password: TEST_PASSWORD,
      ...overrides,
    };
    const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
    if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
    return { ...(res.json() as AuthResponse), password: body.password };
  }

  /** The mail jobs of one template queued for an address, newest first, as the outbox holds them. */
  async function mailsTo<N extends MailTemplate['template']>(email: string, template: N) {
    const rows = await deps.database.db
      .selectFrom('outbox')
      .select('payload')
      .orderBy('created_at', 'desc')
      .execute();
    return rows
      .map((r) => r.payload)
      .filter(
        (p): p is MailSendJob & { mail: Extract<MailTemplate, { template: N }> } =>
          p.type === 'mail.send' && p.to === email && p.mail.template === template,
      );
  }

  /**
   * Confirms the account's e-mail address the way its owner does: the token of its latest
   * verification mail (opened as the mailer would), posted to the real route.
   */
  async function verify(email: string): Promise<void> {
    const [job] = await mailsTo(email, 'verify-email');
    if (!job) throw new Error(`no verification mail job for ${email}`);
    const token = deps.mailSecrets.open(job.mail.data.token, email);
    const res = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
  }

  return {
    app,
    deps,
    config,
    signUp,
    mailsTo,
    verify,
    async close() {
      await app.close();
      await closeDeps(deps);
      await dropSchemas(infra.pgUrl, [schema]);
    },
  };
}

export type IdentityHarness = Awaited<ReturnType<typeof startIdentity>>;

export function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}
