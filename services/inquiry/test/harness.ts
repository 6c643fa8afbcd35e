import { dropSchemas, serviceTestEnv, testInfra, testKeys } from '@mfd/testing';
import { buildApp } from '../src/app';
import { inquiryConfig, type InquiryConfig } from '../src/config';
import { closeDeps, createDeps, migrate } from '../src/deps';

/** The inquiry app on its own fresh schema and Redis prefix, built as server.ts builds it. */
export async function startInquiry(env: Partial<Record<keyof InquiryConfig, string>> = {}) {
  const infra = testInfra();
  const { schema, env: base } = serviceTestEnv('inquiry', infra, { ...env });
  const config = inquiryConfig.parse(base);
  const deps = createDeps(config, testKeys().publicKey);
  await migrate(deps);
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    async close() {
      await app.close();
      await closeDeps(deps);
      await dropSchemas(infra.pgUrl, [schema]);
    },
  };
}

/**
 * The inquiry app reading a real directory app listening on a free port, both on the same Redis
 * prefix, so look-ups and events go where they go in production.
 */
export async function startWithDirectory() {
  const { startDirectory } = await import('../../directory/test/harness');
  const directory = await startDirectory();
  await directory.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (directory.app.server.address() as { port: number }).port;
  const inquiry = await startInquiry({
    DIRECTORY_URL: `http://127.0.0.1:${port}`,
    REDIS_PREFIX: directory.deps.config.REDIS_PREFIX,
  });
  return {
    directory,
    inquiry,
    async close() {
      await inquiry.close();
      await directory.close();
    },
  };
}
