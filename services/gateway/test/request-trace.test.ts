import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayStack, type GatewayStack } from './harness';

describe('one request followed from the gateway to the mailer', () => {
  let s: GatewayStack;
  const mailerLog: string[] = [];
  beforeAll(async () => {
    s = await startGatewayStack(
      {},
      { mailerLogger: pino({ level: 'info' }, { write: (line: string) => mailerLog.push(line) }) },
    );
  });
  afterAll(() => s.close());

  async function mailerLineOf(jobId: string): Promise<Record<string, unknown> | undefined> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const line = mailerLog
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.job_id === jobId && l.msg === 'mail sent');
      if (line || Date.now() > deadline) return line;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('when forgot-password is called with a chosen x-request-id, then the mailer’s log line for that mail carries it', async () => {
    const user = await s.identity.signUp();
    const requestId = `trace-${randomUUID()}`;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'x-request-id': requestId },
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(requestId);

    const rows = await s.identity.deps.database.db
      .selectFrom('outbox')
      .select(['id', 'request_id', 'payload'])
      .execute();
    const row = rows.find(
      (r) =>
        r.payload.type === 'mail.send' &&
        r.payload.to === user.email &&
        r.payload.mail.template === 'password-reset',
    )!;
    expect(row.request_id).toBe(requestId);
    await s.identity.deps.relay.flush();

    const line = await mailerLineOf(row.id);
    expect(line).toMatchObject({ request_id: requestId, template: 'password-reset' });
    expect(JSON.stringify(line)).not.toMatch(/sealed\.|token/);
  });
});
