import pino from 'pino';
import { createQueueConnection } from '@mfd/queue';
import { runServer } from '@mfd/service-kit';
import { buildApp } from './app';
import { readConfig } from './config';
import { closeDeps, createDeps, migrate } from './deps';
import { startInquiryEvents } from './jobs/inquiry-events';

const config = readConfig();
const deps = createDeps(config);
await migrate(deps);
const app = await buildApp(deps);
const connection = createQueueConnection(config.REDIS_URL);
const events = startInquiryEvents({
  db: deps.database.db,
  connection,
  redisPrefix: config.REDIS_PREFIX,
  logger: pino({ level: config.LOG_LEVEL, base: { service: 'directory' } }),
});
await runServer(app, { host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT }, async () => {
  await events.close();
  connection.disconnect();
  await closeDeps(deps);
});
