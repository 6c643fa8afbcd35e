import pino from 'pino';
import { runServer } from '@mfd/service-kit';
import { buildApp } from './app';
import { readConfig } from './config';
import { closeDeps, createDeps, migrate } from './deps';
import { startInquiryEvents } from './jobs/inquiry-events';

const config = readConfig();
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'directory' } });
const deps = createDeps(config, undefined, logger);
await migrate(deps);
const app = await buildApp(deps);
deps.relay.start();
const events = startInquiryEvents({
  db: deps.database.db,
  connection: deps.workerConnection,
  redisPrefix: config.REDIS_PREFIX,
  logger,
});
await runServer(app, { host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT }, async () => {
  await events.close();
  await closeDeps(deps);
});
