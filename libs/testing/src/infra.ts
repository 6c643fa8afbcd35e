import { connect } from 'node:net';
import { inject } from 'vitest';

export interface TestInfra {
  pgUrl: string;
  redisUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    infra: TestInfra;
  }
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Where the tests' PostgreSQL and Redis are: PG_URL/REDIS_URL when set (this machine and
 * CI); else Testcontainers when a Docker engine answers; else the local default ports.
 * Returns a stop function for whatever it started.
 */
export async function resolveInfra(): Promise<{ infra: TestInfra; stop: () => Promise<void> }> {
  if (process.env.PG_URL && process.env.REDIS_URL) {
    return { infra: { pgUrl: process.env.PG_URL, redisUrl: process.env.REDIS_URL }, stop: async () => {} };
  }
  const { getContainerRuntimeClient } = await import('testcontainers');
  const docker = await getContainerRuntimeClient().then(
    () => true,
    () => false,
  );
  if (docker) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { RedisContainer } = await import('@testcontainers/redis');
    const [pg, redis] = await Promise.all([
      new PostgreSqlContainer('postgres:16-alpine').start(),
      new RedisContainer('redis:7-alpine').start(),
    ]);
    return {
      infra: { pgUrl: pg.getConnectionUri(), redisUrl: redis.getConnectionUrl() },
      stop: async () => {
        await Promise.all([pg.stop(), redis.stop()]);
      },
    };
  }
  if ((await reachable('127.0.0.1', 5432)) && (await reachable('127.0.0.1', 6379))) {
    return {
      infra: { pgUrl: 'postgres://postgres@127.0.0.1:5432/test', redisUrl: 'redis://127.0.0.1:6379' },
      stop: async () => {},
    };
  }
  throw new Error(
    'No PostgreSQL/Redis for tests: set PG_URL and REDIS_URL, or run a Docker engine for Testcontainers.',
  );
}

export function testInfra(): TestInfra {
  return inject('infra');
}
