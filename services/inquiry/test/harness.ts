import { dropSchemas, testInfra, testKeys, uniqueRedisPrefix, uniqueSchema } from '@mfd/testing';
import { buildApp } from '../src/app';
import { inquiryConfig, type InquiryConfig } from '../src/config';
import { closeDeps, createDeps, migrate } from '../src/deps';

/** The inquiry app on its own fresh schema and Redis prefix, built as server.ts builds it. */
export async function startInquiry(env: Partial<Record<keyof InquiryConfig, string>> = {}) {
  const infra = testInfra();
  const schema = uniqueSchema('inquiry');
  const config = inquiryConfig.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    PG_URL: infra.pgUrl,
    REDIS_URL: infra.redisUrl,
    REDIS_PREFIX: uniqueRedisPrefix(),
    DB_SCHEMA: schema,
    ...env,
  });
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
