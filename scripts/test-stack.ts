import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureDevKeys } from '@mfd/service-kit';
import { deleteRedisKeys, dropSchemas, freePort, resolveInfra } from '@mfd/testing';
import { startInbox } from './dev-inbox';
import { startStack, SERVICES, type ServiceName, type Stack } from './stack';

/** What a test run against the started product needs to reach it. */
export interface TestStackInfo {
  appUrl: string;
  inboxUrl: string;
  /** The mailer's inbound SMTP listener: a test delivers bounces and replies here as a remote server would. */
  inboundSmtpPort: number;
  /** Each service's own address, for probes that bypass the gateway. */
  serviceUrls: Record<ServiceName, string>;
  pgUrl: string;
  redisUrl: string;
  redisPrefix: string;
  schemaPrefix: string;
}

/**
 * Starts the built product (`npm run build` ran before) on free ports with its own schemas, Redis
 * prefix and mail inbox; service logs go to .e2e-artifacts/<kind>/logs. `env` is handed to every
 * service as `npm start` hands its own environment. The returned stop function also drops the
 * schemas and deletes the run's Redis keys.
 */
export async function startTestStack(
  kind: string,
  env?: NodeJS.ProcessEnv,
): Promise<{ info: TestStackInfo; pid: Stack['pid']; stop: () => Promise<void> }> {
  const root = resolve(import.meta.dirname, '..');
  const artifacts = resolve(root, '.e2e-artifacts', kind);
  const { infra, stop: stopInfra } = await resolveInfra();
  const run = randomBytes(4).toString('hex');
  // Artifacts of an earlier run would read as failures of this one.
  rmSync(artifacts, { recursive: true, force: true });
  const keysDir = resolve(artifacts, 'keys');
  ensureDevKeys(keysDir);
  const inbox = await startInbox({ smtpPort: 0, httpPort: 0 });
  const ports = Object.fromEntries(
    await Promise.all(SERVICES.map(async (s) => [s, await freePort()] as const)),
  ) as Record<ServiceName, number>;
  const inboundSmtpPort = await freePort();
  const redisPrefix = `${kind}:${run}`;
  const schemaPrefix = `${kind}_${run}_`;
  const stack = await startStack({
    root,
    ports,
    pgUrl: infra.pgUrl,
    redisUrl: infra.redisUrl,
    redisPrefix,
    schemaPrefix,
    smtpUrl: inbox.smtpUrl,
    inboundSmtpPort,
    keysDir,
    logLevel: 'info',
    logDir: resolve(artifacts, 'logs'),
    // Every test signs up its own companies from 127.0.0.1; the per-address sign-up limit is tested on its own.
    env: { PATH: process.env.PATH, SIGNUP_PER_IP: '100000', ...env },
  });
  const serviceUrls = Object.fromEntries(SERVICES.map((s) => [s, `http://127.0.0.1:${ports[s]}`])) as Record<
    ServiceName,
    string
  >;
  return {
    info: {
      appUrl: stack.appUrl,
      inboxUrl: inbox.webUrl,
      inboundSmtpPort,
      serviceUrls,
      pgUrl: infra.pgUrl,
      redisUrl: infra.redisUrl,
      redisPrefix,
      schemaPrefix,
    },
    pid: stack.pid,
    stop: async () => {
      await stack.stop();
      await inbox.stop();
      await dropSchemas(infra.pgUrl, stack.schemas);
      await deleteRedisKeys(infra.redisUrl, redisPrefix);
      await stopInfra();
    },
  };
}
