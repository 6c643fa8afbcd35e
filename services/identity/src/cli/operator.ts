import { createDatabase } from '@mfd/db';
import { createRedis, TokenRevocations } from '@mfd/service-kit';
import { readConfig } from '../config';
import type { IdentityDB } from '../data/db';
import { runOperatorCommand } from './operator-command';

/**
 * `npm run operator -- grant|revoke EMAIL`: grants or withdraws platform operator rights on the
 * database identity runs on (PG_URL, DB_SCHEMA) and, for a revoke, ends the account's sessions
 * through the shared revocation list (REDIS_URL, REDIS_PREFIX).
 */
const config = readConfig();
const database = createDatabase<IdentityDB>({
  url: config.PG_URL,
  schema: config.DB_SCHEMA,
  poolMax: 2,
  applicationName: 'identity-operator-cli',
});
const redis = createRedis(config.REDIS_URL);
try {
  const { exitCode, message } = await runOperatorCommand(process.argv.slice(2), {
    db: database.db,
    revocations: new TokenRevocations(redis, config.REDIS_PREFIX),
    config,
  });
  (exitCode === 0 ? process.stdout : process.stderr).write(`${message}\n`);
  process.exitCode = exitCode;
} finally {
  await database.close();
  redis.disconnect();
}
