import { Redis } from 'ioredis';

/** BullMQ needs blocking commands to wait forever: workers must not give up on a slow Redis. */
export function createQueueConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

/** Queue keys live under the stack's Redis prefix, so tests and stacks never see each other's jobs. */
export function queuePrefix(redisPrefix: string): string {
  return `${redisPrefix}:q`;
}
