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
 * The images Testcontainers starts: the official ones, or TEST_POSTGRES_IMAGE / TEST_REDIS_IMAGE
 * (scripts/container-runtime.sh sets them to images built from Debian's packages on a machine that
 * reaches no registry; they keep the official images' settings and log lines).
 */
export function testImages(env: NodeJS.ProcessEnv = process.env): { postgres: string; redis: string } {
  return {
    postgres: env.TEST_POSTGRES_IMAGE || 'postgres:16-alpine',
    redis: env.TEST_REDIS_IMAGE || 'redis:7-alpine',
  };
}

/** Marks the containers the harness starts, so a run that died before stopping them can be cleaned up. */
export const TEST_CONTAINER_LABEL = 'mfd.test-infra';

/**
 * Where the tests' PostgreSQL and Redis are: PG_URL/REDIS_URL when set (this machine and
 * CI); else Testcontainers when a Docker engine answers; else the local default ports.
 * Returns a stop function for whatever it started: the caller must call it, since without Ryuk
 * (TESTCONTAINERS_RYUK_DISABLED, as under podman) nothing else removes the containers.
 */
export async function resolveInfra(): Promise<{ infra: TestInfra; stop: () => Promise<void> }> {
  if (process.env.PG_URL && process.env.REDIS_URL) {
    return { infra: { pgUrl: process.env.PG_URL, redisUrl: process.env.REDIS_URL }, stop: async () => {} };
  }
  const { getContainerRuntimeClient, Wait } = await import('testcontainers');
  const runtime = await getContainerRuntimeClient().catch(() => undefined);
  if (runtime) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { RedisContainer } = await import('@testcontainers/redis');
    const images = testImages();
    const info = runtime.info.containerRuntime;
    console.warn(
      `test infra: Testcontainers on ${process.env.DOCKER_HOST || 'the default Docker socket'} ` +
        `(${info.operatingSystem}, server ${info.serverVersion}): ${images.postgres}, ${images.redis}`,
    );
    const labels = { [TEST_CONTAINER_LABEL]: String(process.pid) };
    const started = await Promise.allSettled([
      new PostgreSqlContainer(images.postgres)
        .withLabels(labels)
        // A test server keeps nothing worth a sync: without them the suite runs as on a local server.
        .withCommand([
          'postgres',
          '-c',
          'fsync=off',
          '-c',
          'synchronous_commit=off',
          '-c',
          'full_page_writes=off',
        ])
        // Not the module's healthcheck: podman runs healthchecks from systemd timers, which a CI
        // machine may lack. Both images log this line twice on a first start (once from the server
        // that creates the database), and only the second server listens on TCP.
        .withWaitStrategy(
          Wait.forAll([
            Wait.forLogMessage(/database system is ready to accept connections/, 2),
            Wait.forListeningPorts(),
          ]),
        )
        .start(),
      new RedisContainer(images.redis).withLabels(labels).start(),
    ]);
    const stop = async () => {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    };
    const [pg, redis] = started;
    if (pg.status === 'rejected' || redis.status === 'rejected') {
      await stop();
      throw pg.status === 'rejected' ? pg.reason : (redis as PromiseRejectedResult).reason;
    }
    return { infra: { pgUrl: pg.value.getConnectionUri(), redisUrl: redis.value.getConnectionUrl() }, stop };
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
