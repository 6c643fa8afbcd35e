import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { TestProject } from 'vitest/node';
import setup from '../src/global-setup';
import { deleteRedisKeys, testInfra, uniqueRedisPrefix } from '../src';

describe('Redis keys of a test run', () => {
  const redis = new Redis(testInfra().redisUrl);
  afterAll(() => redis.quit());

  it('when a test run ends, then none of its keys remain and the keys of other runs stay', async () => {
    const provided = new Map<string, unknown>();
    const project = {
      provide: (key: string, value: unknown) => provided.set(key, value),
    } as unknown as TestProject;
    const teardown = await setup(project);
    const run = provided.get('redisRun') as string;
    expect(run).toMatch(/^test:[a-f0-9]+$/);
    // What a service under test leaves: a revocation, queue keys, a rate-limit counter.
    for (let i = 0; i < 1500; i++) await redis.set(`${run}:a1b2:revoked:${i}`, '1');
    await redis.hset(`${run}:a1b2:q:mail.send:1`, 'data', '{}');
    await redis.zadd(`${run}:c3d4:rl:login`, 1, 'x');
    const other = `${uniqueRedisPrefix()}:kept`;
    await redis.set(other, '1');

    await teardown();

    expect(await redis.keys(`${run}:*`)).toEqual([]);
    expect(await redis.get(other)).toBe('1');
  });

  it("when a test asks for a Redis prefix, then it lies under its run's prefix", () => {
    expect(uniqueRedisPrefix()).toMatch(new RegExp(`^${inject('redisRun')}:[a-f0-9]{10}$`));
  });

  it('when asked to delete the keys of a prefix that is not a test run, then it refuses', async () => {
    await expect(deleteRedisKeys(testInfra().redisUrl, 'mfd')).rejects.toThrow('refusing');
  });
});
