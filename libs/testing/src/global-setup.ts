import type { TestProject } from 'vitest/node';
import { resolveInfra } from './infra';

/** Vitest global setup: find (or start) PostgreSQL and Redis once for the whole run. */
export default async function setup(project: TestProject) {
  const { infra, stop } = await resolveInfra();
  project.provide('infra', infra);
  return stop;
}
