import { Redis } from 'ioredis';

/** A Redis client for request-path work (revocations, rate limits): fail fast, never queue forever. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
}
