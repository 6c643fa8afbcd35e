import type { TestProject } from 'vitest/node';
import { resolveInfra } from './infra';
import { deleteRedisKeys, newTestRunPrefix } from './redis-keys';

/**
 * Vitest global setup: find (or start) PostgreSQL and Redis once for the whole run, and give the
 * run a Redis prefix whose keys are deleted at the end.
 */
export default async function setup(project: TestProject) {
  const { infra, stop } = await resolveInfra();
  const redisRun = newTestRunPrefix();
  project.provide('infra', infra);
  project.provide('redisRun', redisRun);
  return async () => {
    await deleteRedisKeys(infra.redisUrl, redisRun);
    await stop();
  };
}
