import pino from 'pino';
import { QUEUES } from '@mfd/contracts';
import {
  createProducerConnection,
  createQueueConnection,
  queuePrefix,
  registerQueueMetrics,
} from '@mfd/queue';
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
const metricsConnection = createProducerConnection(config.REDIS_URL);
const queueMetrics = registerQueueMetrics(app.metrics, {
  connection: metricsConnection,
  prefix: queuePrefix(config.REDIS_PREFIX),
  queues: [QUEUES.directoryEvents],
});
const events = startInquiryEvents({
  db: deps.database.db,
  connection,
  redisPrefix: config.REDIS_PREFIX,
  logger: pino({ level: config.LOG_LEVEL, base: { service: 'directory' } }),
});
await runServer(app, { host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT }, async () => {
  await events.close();
  await queueMetrics.close();
  connection.disconnect();
  metricsConnection.disconnect();
  await closeDeps(deps);
});
