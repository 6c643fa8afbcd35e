import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis prefix of this test run; every test's own prefix sits under it. */
    redisRun: string;
  }
}

/** Prefixes of test runs (`test:`, and the started stacks' `e2e:`, `security:`, `stack:`, `bench:`); a developer's `mfd` never matches. */
const TEST_RUN_PREFIX = /^(test|e2e|security|stack|bench):[a-f0-9]+$/;

/** A fresh prefix for one test run. */
export function newTestRunPrefix(kind = 'test'): string {
  return `${kind}:${randomBytes(4).toString('hex')}`;
}

/**
 * A Redis prefix no other test uses, under the run's prefix so that the run's teardown deletes
 * what the test left (queues, rate-limit counters, revocations).
 */
export function uniqueRedisPrefix(): string {
  const run = inject('redisRun');
  if (!run)
    throw new Error('uniqueRedisPrefix needs the global setup of libs/testing (the integration project)');
  return `${run}:${randomBytes(5).toString('hex')}`;
}

/** Deletes every key under `<prefix>:` (SCAN + UNLINK in batches), so test runs do not pile up keys in a shared Redis. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  if (!TEST_RUN_PREFIX.test(prefix)) throw new Error(`refusing to delete the keys of ${prefix}`);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  let deleted = 0;
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 }) as AsyncIterable<
      string[]
    >) {
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
  return deleted;
}
