import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from '../test-stack';

/** The stack runner behind `npm start`, on the built product (`npm run build` ran before). */
describe('stack runner', () => {
  let stack: Awaited<ReturnType<typeof startTestStack>>;

  beforeAll(async () => {
    // As `npm start` does, the stack hands its caller's environment to every service.
    stack = await startTestStack('stack', { PATH: process.env.PATH, BODY_LIMIT: '2048' });
  });
  afterAll(() => stack?.stop());

  async function answering(url: string): Promise<boolean> {
    try {
      return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
    } catch {
      return false;
    }
  }

  it('when a setting is given to the stack, then the service reads it (BODY_LIMIT of the gateway)', async () => {
    const res = await fetch(`${stack.info.appUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(4096) }),
    });
    expect(res.status).toBe(413);
  });

  it('when a service is killed, then it is started again and answers within 10 s, and its log says so', async () => {
    const killed = stack.pid('identity');
    expect(killed).toBeDefined();
    process.kill(killed as number, 'SIGKILL');
    const started = Date.now();
    let back = false;
    while (!back && Date.now() - started < 10_000) {
      await new Promise((r) => setTimeout(r, 200));
      back =
        stack.pid('identity') !== killed && (await answering(`${stack.info.serviceUrls.identity}/health`));
    }
    expect(back, 'identity answers again within 10 s').toBe(true);
    const log = readFileSync(
      resolve(import.meta.dirname, '../../.e2e-artifacts/stack/logs/identity.log'),
      'utf8',
    );
    expect(log).toMatch(/identity was killed by SIGKILL; starting it again in [\d.]+ s/);
  });
});
