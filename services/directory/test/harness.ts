import { dropSchemas, testInfra, testKeys, uniqueRedisPrefix, uniqueSchema } from '@mfd/testing';
import { buildApp } from '../src/app';
import { directoryConfig, type DirectoryConfig } from '../src/config';
import { closeDeps, createDeps, migrate } from '../src/deps';

/** The directory app on its own fresh schema and Redis prefix, built as server.ts builds it. */
export async function startDirectory(env: Partial<Record<keyof DirectoryConfig, string>> = {}) {
  const infra = testInfra();
  const schema = uniqueSchema('directory');
  const config = directoryConfig.parse({
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
