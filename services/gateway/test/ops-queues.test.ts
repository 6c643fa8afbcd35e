import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_SERVICES, outboxAckQueue, QUEUES } from '@mfd/contracts';
import { bearer, makeUser } from '@mfd/testing';
import { OPS_COOKIE } from '../src/plugins/ops-queues';
import { startGatewayStack, type GatewayStack } from './harness';

describe('gateway: the queue board at /ops/queues', () => {
  let s: GatewayStack;
  beforeAll(async () => {
    s = await startGatewayStack();
  });
  afterAll(() => s.close());

  const operator = makeUser({ operator: true });
  const trader = makeUser({ role: 'admin' });
  const board = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'PUT' | 'POST' = 'GET') =>
    s.app.inject({ method, url: `/ops/queues${url}`, headers });

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

  it('when an operator trades the token for the cookie, then the cookie alone opens the board and its writes must come from this site', async () => {
    const session = await board('/session', bearer(operator), 'POST');
    expect(session.statusCode).toBe(204);
    const cookie = session.cookies.find((c) => c.name === OPS_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/ops/queues', httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(cookie.maxAge).toBeGreaterThan(0);
    const withCookie = { cookie: `${OPS_COOKIE}=${cookie.value}` };
    expect((await board('/api/queues', withCookie)).statusCode).toBe(200);

    const { jobId } = await s.mailer.send();
    await s.mailer.settled(jobId);
    const retry = `/api/queues/mail.send/${jobId}/retry`;
    expect((await board(retry, withCookie, 'PUT')).statusCode).toBe(403);
    expect((await board(retry, { ...withCookie, 'sec-fetch-site': 'cross-site' }, 'PUT')).statusCode).toBe(
      403,
    );
    expect((await board(retry, { ...withCookie, origin: 'https://evil.example' }, 'PUT')).statusCode).toBe(
      403,
    );
    // The sent mail is retried (a completed job) and sends nothing again: its message is final.
    expect((await board(retry, { ...withCookie, 'sec-fetch-site': 'same-origin' }, 'PUT')).statusCode).toBe(
      204,
    );

    const trading = await board('/session', bearer(trader), 'POST');
    expect(trading.statusCode).toBe(403);
    expect(trading.cookies).toEqual([]);
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
