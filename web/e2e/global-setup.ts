import type { TestProject } from 'vitest/node';
import { startTestStack } from '../../scripts/test-stack';
import { E2E_OPERATOR_EMAIL } from './support/operator';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { appUrl: string; inboxUrl: string };
  }
}

/** The built product on free ports with its own schemas, Redis prefix and inbox (scripts/test-stack.ts). */
export default async function setup(project: TestProject) {
  const { info, stop } = await startTestStack('e2e', {
    PATH: process.env.PATH,
    OPERATOR_EMAILS: E2E_OPERATOR_EMAIL,
  });
  project.provide('e2e', { appUrl: info.appUrl, inboxUrl: info.inboxUrl });
  return stop;
}
