import type { TestProject } from 'vitest/node';
import { resolveInfra } from './infra';
import { deleteRedisKeys, newTestRunPrefix } from './redis-keys';

/**
 * Vitest global setup: find (or start) PostgreSQL and Redis once for the whole run, and give the
 * run a Redis prefix whose keys are deleted at the end.
 */
export default async function setup(project: TestProject) {
  const { infra, stop } = await resolveInfra();
  // What Testcontainers started is this run's infra for every worker and child process too (a
  // test that runs this setup again must find the same servers, not start its own).
  const given = { PG_URL: process.env.PG_URL, REDIS_URL: process.env.REDIS_URL };
  process.env.PG_URL = infra.pgUrl;
  process.env.REDIS_URL = infra.redisUrl;
  const redisRun = newTestRunPrefix();
  project.provide('infra', infra);
  project.provide('redisRun', redisRun);
  return async () => {
    try {
      await deleteRedisKeys(infra.redisUrl, redisRun);
    } finally {
      // Containers the harness started go away with it (no Ryuk reaper under podman).
      await stop();
      for (const [name, value] of Object.entries(given)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  };
}
