import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** A counter shared by every replica through Redis: `points` per `duration` seconds per key. */
export function redisRateLimit(
  redis: Redis,
  keyPrefix: string,
  points: number,
  duration: number,
): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration,
    // With Redis away, answer from memory at once rather than wait for a connection.
    rejectIfRedisNotReady: true,
    // If Redis is away, each replica keeps counting in memory rather than letting everything through.
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
}

/** Consumes one point, atomically in Redis; answers the wait in seconds when the limit is spent. */
export async function spend(limit: RateLimiterRedis, key: string): Promise<number | null> {
  try {
    await limit.consume(key);
    return null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    throw err;
  }
}
