import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedis, REVOCATION_RECHECK_MS, TokenRevocations } from '@mfd/service-kit';
import { testInfra, uniqueRedisPrefix } from '@mfd/testing';

/** Tries `check` every 20 ms, at most 250 times (the clock is frozen: no deadline by Date). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met');
}

const claims = (jti: string) => ({ jti, sub: `user-${jti}`, iat: Math.floor(Date.now() / 1000) - 10 });
const inTenMinutes = () => Math.floor(Date.now() / 1000) + 600;

describe('token revocations: a token found unrevoked is asked about again after a second', () => {
  const prefix = uniqueRedisPrefix();
  const clients: ReturnType<typeof createRedis>[] = [];
  let checker: TokenRevocations;
  let revoker: TokenRevocations;

  const instance = () => {
    const client = createRedis(testInfra().redisUrl);
    clients.push(client);
    return new TokenRevocations(client, prefix);
  };

  beforeAll(async () => {
    checker = instance();
    revoker = instance();
    // Once the checker hears a revocation, its channel is live.
    await revoker.revokeToken('warm-up', inTenMinutes());
    await eventually(() => checker.isRevoked(claims('warm-up')));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });

  it('when another service revokes a token just found unrevoked, then the published revocation refuses it with the clock standing still', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = claims('published');
    expect(await checker.isRevoked(token)).toBe(false);
    await revoker.revokeToken(token.jti, inTenMinutes());
    await eventually(() => checker.isRevoked(token));
  });

  it('when a revocation reaches Redis but its message is lost, then the token is refused once the second has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = claims('message-lost');
    expect(await checker.isRevoked(token)).toBe(false);
    // Written past the channel, as if its message had been lost on the way.
    await clients[0]!.set(`${prefix}:auth:deny:${token.jti}`, '1', 'EX', 600);
    expect(await checker.isRevoked(token)).toBe(false);
    vi.setSystemTime(Date.now() + REVOCATION_RECHECK_MS + 1);
    expect(await checker.isRevoked(token)).toBe(true);
  });
});
