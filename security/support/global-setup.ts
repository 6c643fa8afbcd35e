import type { TestProject } from 'vitest/node';
import { startTestStack, type TestStackInfo } from '../../scripts/test-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: TestStackInfo;
  }
}

/** One started product for the whole security run; probes reach it through the gateway and straight at each service. */
export default async function setup(project: TestProject) {
  const { info, stop } = await startTestStack('security');
  project.provide('stack', info);
  return stop;
}
