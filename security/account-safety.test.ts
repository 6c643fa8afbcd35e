import { describe, expect, it } from 'vitest';
import { call, signUp, stack } from './support/client';

interface InboxMail {
  to: string[];
  subject: string;
  text: string;
}

/** The newest mail to the address whose subject matches, from the run's local inbox. */
async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${stack().inboxUrl}/api/messages`)).json()) as InboxMail[];
    const match = mails.reverse().find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (match) return match;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

describe('account safety through the gateway', () => {
  it('when someone with a session changes the login e-mail, then the password is required, old doors close and the old address is told', async () => {
    const victim = await signUp();
    const other = await call('POST', '/api/auth/login', {
      body: { email: victim.email, password: victim.password },
    });
    const otherToken = (other.body as { access_token: string }).access_token;
    expect((await call('POST', '/api/auth/forgot-password', { body: { email: victim.email } })).status).toBe(
      200,
    );
    const resetMail = await waitForMail(victim.email, /reset/i);
    const token = new URL(
      resetMail.text.match(/https?:\/\/\S*reset-password\?token=[\w-]+/)?.[0] ?? 'http://x/',
    ).searchParams.get('token');
    expect(token).toBeTruthy();

    const moved = `moved-${crypto.randomUUID().slice(0, 12)}@example.com`;
    const withoutPassword = await call('PUT', '/api/profile', {
      token: victim.token,
      body: { name: 'Sam Probe', email: moved },
    });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body).toMatchObject({ errors: [{ field: 'current_password' }] });
    const wrongPassword = await call('PUT', '/api/profile', {
      token: victim.token,
      body: { name: 'Sam Probe', email: moved, current_password: 'guessed-password-1' },
    });
    expect(wrongPassword.status).toBe(400);

    const changed = await call('PUT', '/api/profile', {
      token: victim.token,
      body: { name: 'Sam Probe', email: moved, current_password: victim.password },
    });
    expect(changed.status).toBe(200);

    const reset = await call('POST', '/api/auth/reset-password', {
      body: { token, new_password: 'taken-over-password-7' },
    });
    expect(reset.status).toBe(400);
    for (const base of [stack().appUrl, stack().serviceUrls.identity]) {
      expect((await call('GET', '/api/auth/me', { token: otherToken, base })).status).toBe(401);
      expect((await call('GET', '/api/auth/me', { token: victim.token, base })).status).toBe(200);
    }
    const notice = await waitForMail(victim.email, /was changed/);
    expect(notice.text).toContain(moved);
  });

  it.each(['password', '12345678', 'aaaaaaaa'])(
    'when someone signs up with %j, then 400 names password and says why',
    async (password) => {
      const res = await call('POST', '/api/auth/signup', {
        body: {
          first_name: 'Sam',
          last_name: 'Probe',
          email: `weak-${crypto.randomUUID().slice(0, 12)}@example.com`,
          password,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        errors: [{ field: 'password', message: expect.stringMatching(/harder to guess/) }],
      });
    },
  );
});
