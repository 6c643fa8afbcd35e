import { Redis } from 'ioredis';

export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * A Redis client for request-path work (revocations, rate limits, health): no offline queue and
 * a short command timeout, so with Redis away a request is answered at once, never held while
 * ioredis queues and retries. Outages are reported once by the code that knows what degrades
 * (reportRedisOutages); the empty listener only keeps ioredis from printing every failed reconnect.
 */
export function createRedis(url: string, commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 0,
    enableAutoPipelining: true,
  });
  redis.on('error', () => {});
  return redis;
}

export interface OutageLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/** One line when Redis goes away and one when it is back, however many requests fail meanwhile. */
export function reportRedisOutages(redis: Redis, log: OutageLog, consequence: string): void {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ reason: err.message }, `Redis is unreachable: ${consequence}`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is reachable again');
  });
}
