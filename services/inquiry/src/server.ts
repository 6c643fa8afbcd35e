import pino from 'pino';
import { runServer } from '@mfd/service-kit';
import { buildApp } from './app';
import { alertWindows, readConfig } from './config';
import { closeDeps, createDeps, migrate } from './deps';
import { startAwardSavingsBackfill } from './jobs/award-savings-backfill';
import { startMailStatusConsumer } from './jobs/mail-status';
import { NotificationTicker } from './jobs/notification-ticker';
import { sendDueReminders } from './domain/rfq/reminders';

const config = readConfig();
const logger = pino({ level: config.LOG_LEVEL, base: { service: 'inquiry' } });
const deps = createDeps(config, undefined, logger);
await migrate(deps);
const app = await buildApp(deps);
deps.relay.start();
const mailStatus = startMailStatusConsumer({
  db: deps.database.db,
  connection: deps.workerConnection,
  redisPrefix: config.REDIS_PREFIX,
  logger,
  outboxWritten: () => deps.relay.kick(),
});
const reminders = {
  db: deps.database.db,
  secrets: deps.mailSecrets,
  quota: app.mailQuota,
  log: logger,
};
const notifications = new NotificationTicker({
  db: deps.database.db,
  windows: alertWindows(config),
  tickMs: config.NOTIFICATION_TICK_MS,
  reminders: (now) => sendDueReminders(reminders, now),
  mailsWritten: () => deps.relay.kick(),
  logger,
});
notifications.start();
const awardSavings = startAwardSavingsBackfill(deps.database.db, logger);
await runServer(app, { host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT }, async () => {
  await notifications.stop();
  await awardSavings.stop();
  await mailStatus.close();
  await closeDeps(deps);
});
