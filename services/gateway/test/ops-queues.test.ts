import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_SERVICES, outboxAckQueue, QUEUES } from '@mfd/contracts';
import { sign } from '@fastify/cookie';
import { bearer, makeUser } from '@mfd/testing';
import { runOperatorCommand } from '../../identity/src/cli/operator-command';
import { TEST_PASSWORD } from '../../identity/test/harness';
import { BOARD_SESSION_MAX_SECONDS, boardCookieKey, OPS_COOKIE } from '../src/plugins/ops-queues-session';
import { startGatewayStack, type GatewayStack } from './harness';

describe('gateway: the queue board at /ops/queues', () => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack();
  });
  afterAll(() => s.close());

  const operator = makeUser({ operator: true });
  const trader = makeUser({ role: 'admin' });
  const board = (
    url: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'PUT' | 'POST' | 'DELETE' = 'GET',
  ) => s.app.inject({ method, url: `/ops/queues${url}`, headers });

  /** The board's cookie as a browser would send it, traded for this user's token. */
  async function boardSession(user: { token: string }): Promise<{ cookie: string }> {
    const res = await board('/session', bearer(user), 'POST');
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === OPS_COOKIE)!;
    return { cookie: `${OPS_COOKIE}=${encodeURIComponent(cookie.value)}` };
  }

  /** A mail job the SMTP server refused for good. */
  async function failedMail(): Promise<string> {
    s.mailer.sink.failNext(550);
    const { jobId } = await s.mailer.send();
    expect(await s.mailer.settled(jobId)).toMatchObject({ status: 'failed' });
    // The message is recorded failed just before BullMQ moves the job: only then may it be retried.
    expect(
      await until(
        () => s.mailer.queue.getJobState(jobId),
        (state) => state === 'failed',
      ),
    ).toBe('failed');
    return jobId;
  }

  /** A real account made an operator with a proven mailbox, signed in through the gateway. */
  async function signInOperator(): Promise<{ token: string; email: string }> {
    const email = `ops-${randomUUID()}@example.com`;
    await s.identity.signUp({ email, role: 'admin' });
    await s.identity.deps.database.db
      .updateTable('users')
      .set({ operator: true, email_verified_at: new Date() })
      .where('email', '=', email)
      .execute();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const auth = res.json() as { access_token: string; operator: boolean };
    expect(auth.operator).toBe(true);
    return { token: auth.access_token, email };
  }

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('when nobody is signed in, then the page and its API answer 401 with the error shape', async () => {
    for (const url of ['', '/api/queues']) {
      const res = await board(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ success: false, detail: expect.any(String) });
    }
    expect((await board('', { cookie: `${OPS_COOKIE}=not-a-token` })).statusCode).toBe(401);
  });

  it('when a signed-in user who is no operator asks, then 403', async () => {
    const res = await board('/api/queues', bearer(trader));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false });
    expect((await board('', bearer(trader))).statusCode).toBe(403);
  });

  it('when an operator asks, then the page loads under the site’s CSP and every queue is listed', async () => {
    const page = await board('', bearer(operator));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<base href="/ops/queues/"');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    // Every script the page runs is a file of this origin: the CSP needs no exception.
    expect(page.body).not.toMatch(/<script(?![^>]*(src=|type="application\/json"))/);
    const script = page.body.match(/src="(static\/js\/main[^"]+)"/)?.[1];
    expect((await board(`/${script}`, bearer(operator))).statusCode).toBe(200);

    const res = await board('/api/queues', bearer(operator));
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { queues: { name: string }[] }).queues.map((q) => q.name);
    expect(names.sort()).toEqual([...Object.values(QUEUES), ...OUTBOX_SERVICES.map(outboxAckQueue)].sort());
  });

  it('when anything under /ops/queues answers, whoever asks, then it says Cache-Control: no-store', async () => {
    const page = await board('', bearer(operator));
    const script = page.body.match(/src="(static\/js\/main[^"]+)"/)?.[1];
    const { cookie } = await boardSession(operator);
    const answers = [
      page,
      await board(`/${script}`, bearer(operator)),
      await board('/api/queues', bearer(operator)),
      await board('/api/queues', { cookie }),
      await board('/session', bearer(operator), 'POST'),
      await board('/session', {}, 'DELETE'),
      await board('/api/queues'),
      await board('/api/queues', bearer(trader)),
      await board('/api/queues/mail.send/clean/completed', bearer(operator), 'PUT'),
      await board('/no-such-page', { ...bearer(operator), accept: 'text/html' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 204, 204, 401, 403, 403, 404]);
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
    // A path under the board is none of the web app's pages.
    expect(answers.at(-1)!.json()).toEqual({ success: false, detail: 'Not found' });
  });

  it('when an operator trades the token for the cookie, then the cookie alone opens the board and its writes must come from this site', async () => {
    const withCookie = await boardSession(operator);
    expect((await board('/api/queues', withCookie)).statusCode).toBe(200);

    const jobId = await failedMail();
    const retry = `/api/queues/mail.send/${jobId}/retry`;
    expect((await board(retry, withCookie, 'PUT')).statusCode).toBe(403);
    expect((await board(retry, { ...withCookie, 'sec-fetch-site': 'cross-site' }, 'PUT')).statusCode).toBe(
      403,
    );
    expect((await board(retry, { ...withCookie, origin: 'https://evil.example' }, 'PUT')).statusCode).toBe(
      403,
    );
    expect((await board(retry, { ...withCookie, 'sec-fetch-site': 'same-origin' }, 'PUT')).statusCode).toBe(
      204,
    );

    const trading = await board('/session', bearer(trader), 'POST');
    expect(trading.statusCode).toBe(403);
    expect(trading.cookies).toEqual([]);
  });

  it('when the cookie is issued, then it holds a board session of at most an hour, never the token, and opens no API', async () => {
    const longToken = makeUser({ operator: true, expiresIn: 8 * 3600 });
    const session = await board('/session', bearer(longToken), 'POST');
    expect(session.statusCode).toBe(204);
    const cookie = session.cookies.find((c) => c.name === OPS_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/ops/queues', httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(cookie.maxAge).toBeGreaterThan(3500);
    expect(cookie.maxAge).toBeLessThanOrEqual(BOARD_SESSION_MAX_SECONDS);
    expect(cookie.value).not.toContain(longToken.token);
    expect(cookie.value).not.toContain(longToken.token.split('.')[2]);

    // Neither the API nor the board takes the cookie's value as a bearer token.
    const asBearer = { authorization: `Bearer ${cookie.value}` };
    const api = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: asBearer });
    expect(api.statusCode).toBe(401);
    expect((await board('/api/queues', asBearer)).statusCode).toBe(401);

    // A token about to expire gives a session no longer than itself.
    const shortToken = makeUser({ operator: true, expiresIn: 120 });
    const short = await board('/session', bearer(shortToken), 'POST');
    expect(short.cookies.find((c) => c.name === OPS_COOKIE)!.maxAge).toBeLessThanOrEqual(120);
  });

  it('when a board session is expired or altered, then the gateway refuses it whatever the browser kept', async () => {
    const key = boardCookieKey(s.deps.gatewaySecret);
    const now = Math.floor(Date.now() / 1000);
    const session = (exp: number) =>
      Buffer.from(
        JSON.stringify({ sub: operator.userId, jti: operator.tokenId, iat: now - 10, exp }),
      ).toString('base64url');
    const cookieOf = (value: string) => ({ cookie: `${OPS_COOKIE}=${encodeURIComponent(value)}` });

    expect((await board('/api/queues', cookieOf(sign(session(now + 600), key)))).statusCode).toBe(200);
    expect((await board('/api/queues', cookieOf(sign(session(now - 1), key)))).statusCode).toBe(401);
    const [, signature] = sign(session(now + 600), key).split('.');
    expect((await board('/api/queues', cookieOf(`${session(now + 7200)}.${signature}`))).statusCode).toBe(
      401,
    );
    // Signed with the gateway's secret itself, not the key derived for the board.
    expect(
      (await board('/api/queues', cookieOf(sign(session(now + 600), s.deps.gatewaySecret)))).statusCode,
    ).toBe(401);
  });

  it('when the operator signs out or loses the grant, then the board session ends at once', async () => {
    const { token } = await signInOperator();
    const withCookie = await boardSession({ token });
    expect((await board('/api/queues', withCookie)).statusCode).toBe(200);
    const logout = await s.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer({ token }),
    });
    expect(logout.statusCode).toBe(200);
    expect(
      (
        await until(
          () => board('/api/queues', withCookie),
          (r) => r.statusCode === 401,
        )
      ).statusCode,
    ).toBe(401);

    const { token: again, email } = await signInOperator();
    const stillOperator = await boardSession({ token: again });
    expect((await board('/api/queues', stillOperator)).statusCode).toBe(200);
    const revoked = await runOperatorCommand(['revoke', email], {
      db: s.identity.deps.database.db,
      revocations: s.identity.deps.revocations,
      config: s.identity.config,
    });
    expect(revoked.exitCode).toBe(0);
    expect(
      (
        await until(
          () => board('/api/queues', stillOperator),
          (r) => r.statusCode === 401,
        )
      ).statusCode,
    ).toBe(401);
  });

  it('when the app signs out, then the board session is cleared, with or without a live token', async () => {
    const withCookie = await boardSession(operator);
    const ended = await board('/session', withCookie, 'DELETE');
    expect(ended.statusCode).toBe(204);
    const cleared = ended.cookies.find((c) => c.name === OPS_COOKIE)!;
    expect(cleared).toMatchObject({ value: '', path: '/ops/queues', httpOnly: true, secure: true });
    expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await board('/session', {}, 'DELETE')).statusCode).toBe(204);
  });

  it('when an operator retries jobs, then only failed ones run again, a completed one never', async () => {
    const { jobId: sentId, payload } = await s.mailer.send();
    expect(await s.mailer.settled(sentId)).toMatchObject({ status: 'sent' });
    const rerun = await board(`/api/queues/mail.send/${sentId}/retry`, bearer(operator), 'PUT');
    expect(rerun.statusCode).toBe(409);
    expect(rerun.json()).toMatchObject({ success: false, detail: expect.stringContaining('failed') });
    const rerunAll = await board('/api/queues/mail.send/retry/completed', bearer(operator), 'PUT');
    expect(rerunAll.statusCode).toBe(403);
    expect(rerunAll.json()).toMatchObject({ success: false, detail: expect.any(String) });
    expect(await s.mailer.queue.getJobState(sentId)).toBe('completed');
    expect(s.mailer.sink.messages.filter((m) => m.to.includes(payload.to))).toHaveLength(1);

    const failedId = await failedMail();
    const retryAll = await board('/api/queues/mail.send/retry/failed', bearer(operator), 'PUT');
    expect(retryAll.statusCode).toBe(200);
    expect(
      await until(
        () => s.mailer.queue.getJobState(failedId),
        (state) => state === 'completed',
      ),
    ).toBe('completed');
  });

  it('when a mail job failed, then an operator retries it from the board and it is sent', async () => {
    s.mailer.sink.failNext(550);
    const { jobId, payload } = await s.mailer.send();
    expect(await s.mailer.settled(jobId)).toMatchObject({ status: 'failed' });
    const failed = await board('/api/queues?activeQueue=mail.send&status=failed', bearer(operator));
    const listed = (failed.json() as { queues: { name: string; jobs: { id: string }[] }[] }).queues.find(
      (q) => q.name === 'mail.send',
    )!;
    expect(listed.jobs.map((j) => j.id)).toContain(jobId);

    expect((await board(`/api/queues/mail.send/${jobId}/retry`, bearer(operator), 'PUT')).statusCode).toBe(
      204,
    );
    const row = await until(
      () =>
        s.mailer.deps.database.db
          .selectFrom('messages')
          .selectAll()
          .where('job_id', '=', jobId)
          .executeTakeFirstOrThrow(),
      (r) => r.status === 'sent',
    );
    expect(row.status).toBe('sent');
    expect(s.mailer.sink.messages.filter((m) => m.to.includes(payload.to))).toHaveLength(1);
  });

  it('when the board shows a reset mail’s job, then its data holds neither the token nor its sealed form', async () => {
    const token = `reset-${randomUUID()}`;
    const to = `maria-${randomUUID()}@example.com`;
    const sealed = s.mailer.deps.secrets.seal(token, to);
    const { jobId } = await s.mailer.send({
      to,
      mail: {
        template: 'password-reset',
        data: { first_name: 'Maria', token: sealed, expires_in_minutes: 60 },
      },
    });
    const res = await board(`/api/queues/mail.send/${jobId}`, bearer(operator));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ job: { data: { to, mail: { data: { token: '[sealed]' } } } } });
    const list = await board('/api/queues?activeQueue=mail.send&status=latest', bearer(operator));
    for (const body of [res.body, list.body]) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(sealed);
    }
  });

  it('when an operator asks the board to add, change or throw away jobs, then 403', async () => {
    const refused = [
      ['POST', '/api/queues/mail.send/add'],
      ['PUT', '/api/queues/mail.send/empty'],
      ['PUT', '/api/queues/mail.send/obliterate'],
      ['PUT', '/api/queues/mail.send/clean/failed'],
    ] as const;
    for (const [method, url] of refused)
      expect((await board(url, bearer(operator), method)).statusCode, url).toBe(403);
  });
});
