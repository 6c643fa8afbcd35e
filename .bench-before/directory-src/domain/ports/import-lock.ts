import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { conflict } from '@mfd/service-kit';

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Runs `work` as the user's only import: a second import by the same user while one runs gets 409.
 * The lock lives in Redis so it holds across replicas; its expiry only guards against a crashed
 * replica, since it is released when the work ends.
 */
export async function asOnlyImport<T>(
  redis: Redis,
  key: string,
  expiresMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const token = randomUUID();
  if ((await redis.set(key, token, 'PX', expiresMs, 'NX')) !== 'OK') {
    throw conflict('An import of yours is still running. Wait until it has finished, then try again.');
  }
  try {
    return await work();
  } finally {
    await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  }
}
