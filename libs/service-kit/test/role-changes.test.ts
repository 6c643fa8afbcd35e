import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, TokenRevocations } from '@mfd/service-kit';
import { startOwnRedis, uniqueRedisPrefix, type OwnRedis } from '@mfd/testing';

const claims = (jti: string, sub: string) => ({ jti, sub, iat: Math.floor(Date.now() / 1000) - 10 });

describe('role changes shared by every service', () => {
  let redis: OwnRedis;
  const clients: ReturnType<typeof createRedis>[] = [];
  const prefix = uniqueRedisPrefix();
  const instance = () => {
    const client = createRedis(redis.url);
    clients.push(client);
    return new TokenRevocations(client, prefix);
  };
  beforeAll(async () => {
    redis = await startOwnRedis();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis.stop();
  });

  it('when one service records a member’s new role, then another answers it for the token they hold, the latest change winning, while Redis is away too', async () => {
    const identity = instance();
    const inquiry = instance();
    expect(await inquiry.standing(claims('t1', 'member'))).toEqual({ revoked: false, role: null });
    await identity.changeRole('member', 'admin', 600);
    expect(await inquiry.standing(claims('t1', 'member'))).toEqual({ revoked: false, role: 'admin' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await identity.changeRole('member', 'trader', 600);
    expect((await inquiry.standing(claims('t1', 'member'))).role).toBe('trader');
    // Another user's tokens are untouched.
    expect((await inquiry.standing(claims('t2', 'someone-else'))).role).toBeNull();
    await redis.stop();
    expect((await inquiry.standing(claims('t1', 'member'))).role).toBe('trader');
  });
});
