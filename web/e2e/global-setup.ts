import type { TestProject } from 'vitest/node';
import { startTestStack } from '../../scripts/test-stack';
import { E2E_OPERATOR_EMAIL } from './support/operator';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: {
      appUrl: string;
      inboxUrl: string;
      inboundSmtpPort: number;
      /** The run's database and schema prefix, for the rare fixture no screen or route makes yet. */
      pgUrl: string;
      schemaPrefix: string;
    };
  }
}

/** The built product on free ports with its own schemas, Redis prefix and inbox (scripts/test-stack.ts). */
export default async function setup(project: TestProject) {
  const { info, stop } = await startTestStack('e2e', {
    PATH: process.env.PATH,
    OPERATOR_EMAILS: E2E_OPERATOR_EMAIL,
    // A trader's first alert mail goes at the next check, a second after it: a browser test waits seconds, not a minute.
    NOTIFICATION_TICK_MS: '1000',
    ALERT_FIRST_DELAY_SECONDS: '1',
  });
  project.provide('e2e', {
    appUrl: info.appUrl,
    inboxUrl: info.inboxUrl,
    inboundSmtpPort: info.inboundSmtpPort,
    pgUrl: info.pgUrl,
    schemaPrefix: info.schemaPrefix,
  });
  return stop;
}
