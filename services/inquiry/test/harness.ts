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
