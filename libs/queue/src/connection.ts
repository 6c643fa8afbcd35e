import { Redis } from 'ioredis';

/** For workers: BullMQ's blocking commands must wait forever, never give up on a slow Redis. */
export function createQueueConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

/**
 * For producers (the outbox relay): a command fails fast when Redis is away, so the relay's
 * transaction ends and the rows wait for the next pass instead of holding locks.
 */
export function createProducerConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
}

/** Queue keys live under the stack's Redis prefix, so tests and stacks never see each other's jobs. */
export function queuePrefix(redisPrefix: string): string {
  return `${redisPrefix}:q`;
}
