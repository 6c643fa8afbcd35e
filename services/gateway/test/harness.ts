import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { testInfra, testKeys, uniqueRedisPrefix } from '@mfd/testing';
import { startDirectory } from '../../directory/test/harness';
import { startIdentity } from '../../identity/test/harness';
import { startInquiry } from '../../inquiry/test/harness';
import { startMailer } from '../../mailer/test/harness';
import { buildApp } from '../src/app';
import { gatewayConfig, type GatewayConfig } from '../src/config';
import { closeDeps, createDeps } from '../src/deps';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** A tiny built web app, so the gateway's static serving is tested without a Vite build. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mfd-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Marine Fuel Distribution</title><div id="root"></div>',
  );
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  // The build's compressed copies (web/precompress.ts), which the gateway sends to browsers that take them.
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(
    join(dir, 'index.html.br'),
    brotliCompressSync('<!doctype html><title>Marine Fuel Distribution</title><div id="root"></div>'),
  );
  // The build keeps its source maps (vite `sourcemap: 'hidden'`); the gateway must not hand them out.
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js.map'), '{"version":3,"sources":["src/app.tsx"]}');
  return dir;
}

/**
 * The real services listening on ephemeral ports, sharing one Redis prefix (so a logout seen
 * by one is seen by all), and the gateway in front of them.
 */
export async function startGatewayStack(
  env: Partial<Record<keyof GatewayConfig, string>> = {},
  options: { mailerLogger?: FastifyBaseLogger } = {},
) {
  const shared = { REDIS_PREFIX: uniqueRedisPrefix(), GATEWAY_SECRET: randomBytes(32).toString('hex') };
  const identity = await startIdentity(shared);
  const identityUrl = await listen(identity.app);
  const directory = await startDirectory(shared);
  const directoryUrl = await listen(directory.app);
  const inquiry = await startInquiry({ ...shared, DIRECTORY_URL: directoryUrl, IDENTITY_URL: identityUrl });
  const mailer = await startMailer(shared, options.mailerLogger);
  const urls = {
    IDENTITY_URL: identityUrl,
    DIRECTORY_URL: directoryUrl,
    INQUIRY_URL: await listen(inquiry.app),
    MAILER_URL: await listen(mailer.app),
  };
  const config = gatewayConfig.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    REDIS_URL: testInfra().redisUrl,
    WEB_DIST: fakeWebDist(),
    ...shared,
    ...urls,
    ...env,
  });
  const deps = createDeps(config, testKeys().publicKey);
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    identity,
    directory,
    inquiry,
    mailer,
    async close() {
      await app.close();
      await closeDeps(deps);
      await Promise.all([identity.close(), directory.close(), inquiry.close(), mailer.close()]);
    },
  };
}

export type GatewayStack = Awaited<ReturnType<typeof startGatewayStack>>;
