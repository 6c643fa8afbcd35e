import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { generateKeyPair } from '@mfd/service-kit';
import { buildApp as buildDirectory } from '../services/directory/src/app';
import { directoryConfig } from '../services/directory/src/config';
import * as directory from '../services/directory/src/deps';
import { apiDocument } from '../services/gateway/src/domain/openapi-merge';
import { buildApp as buildIdentity } from '../services/identity/src/app';
import { identityConfig } from '../services/identity/src/config';
import * as identity from '../services/identity/src/deps';
import { buildApp as buildInquiry } from '../services/inquiry/src/app';
import { inquiryConfig } from '../services/inquiry/src/config';
import * as inquiry from '../services/inquiry/src/deps';

interface DocumentedApp {
  ready(): PromiseLike<unknown>;
  swagger(): unknown;
  close(): PromiseLike<unknown>;
}

/** Closing a Redis connection in its handshake makes ioredis report an unhandled error: each settles first. */
async function settled(connections: Redis[]): Promise<void> {
  await Promise.all(
    connections
      .filter((c) => c.status === 'connecting' || c.status === 'connect')
      .map(
        (c) => new Promise((resolve) => ['ready', 'error', 'end'].forEach((event) => c.once(event, resolve))),
      ),
  );
}

async function documentOf<D extends object>(
  createDeps: () => D,
  buildApp: (deps: D) => Promise<DocumentedApp>,
  closeDeps: (deps: D) => Promise<void>,
): Promise<Record<string, unknown>> {
  const deps = createDeps();
  try {
    const app = await buildApp(deps);
    try {
      await app.ready();
      return app.swagger() as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await settled(Object.values(deps).filter((value): value is Redis => value instanceof Redis));
    await closeDeps(deps);
  }
}

/**
 * The merged API document as the gateway serves it at /api/docs/openapi.json, built from each
 * service's app without listening or querying anything: the routes and their schemas are all the
 * document needs, so the lint and the tests need no running stack. The keys and secrets are
 * throwaway ones, there only because the apps do not build without them.
 */
export async function buildApiDocument(): Promise<ReturnType<typeof apiDocument>> {
  const keys = generateKeyPair();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...(process.env.PG_URL ? { PG_URL: process.env.PG_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    GATEWAY_SECRET: randomBytes(32).toString('hex'),
    MAIL_SECRET_KEYS: `doc:${randomBytes(32).toString('base64')}`,
  };
  return apiDocument({
    identity: await documentOf(
      () => identity.createDeps(identityConfig.parse(env), keys),
      buildIdentity,
      identity.closeDeps,
    ),
    directory: await documentOf(
      () => directory.createDeps(directoryConfig.parse(env), keys.publicKey),
      buildDirectory,
      directory.closeDeps,
    ),
    inquiry: await documentOf(
      () => inquiry.createDeps(inquiryConfig.parse(env), keys.publicKey),
      buildInquiry,
      inquiry.closeDeps,
    ),
  });
}
