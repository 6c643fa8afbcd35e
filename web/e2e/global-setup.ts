import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDevKeys } from '@mfd/service-kit';
import { dropSchemas, resolveInfra } from '@mfd/testing';
import { startInbox } from '../../scripts/dev-inbox';
import { startStack, SERVICES, type ServiceName } from '../../scripts/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { appUrl: string; inboxUrl: string };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the built product (`npm run build` ran before) on free ports with its own schemas and
 * Redis prefix, and a mail inbox the tests read through HTTP. Service logs go to
 * .e2e-artifacts/logs.
 */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..');
  const { infra, stop: stopInfra } = await resolveInfra();
  const run = randomBytes(4).toString('hex');
  // Screenshots of an earlier run would read as failures of this one.
  rmSync(resolve(root, '.e2e-artifacts'), { recursive: true, force: true });
  const keysDir = resolve(root, '.e2e-artifacts', 'keys');
  ensureDevKeys(keysDir);
  const inbox = await startInbox({ smtpPort: 0, httpPort: 0 });
  const ports = Object.fromEntries(await Promise.all(SERVICES.map(async (s) => [s, await freePort()] as const))) as Record<ServiceName, number>;
  const stack = await startStack({
    root,
    ports,
    pgUrl: infra.pgUrl,
    redisUrl: infra.redisUrl,
    redisPrefix: `e2e:${run}`,
    schemaPrefix: `e2e_${run}_`,
    smtpUrl: inbox.smtpUrl,
    keysDir,
    logLevel: 'info',
    logDir: resolve(root, '.e2e-artifacts', 'logs'),
  });
  project.provide('e2e', { appUrl: stack.appUrl, inboxUrl: inbox.webUrl });

  return async () => {
    await stack.stop();
    await inbox.stop();
    await dropSchemas(infra.pgUrl, stack.schemas);
    await stopInfra();
  };
}
