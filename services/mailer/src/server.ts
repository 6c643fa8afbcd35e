import { runServer } from '@mfd/service-kit';
import { buildApp } from './app';
import { readConfig } from './config';
import { closeDeps, createDeps, migrate } from './deps';
import { startInboundSmtp } from './inbound-smtp';
import { startMailWorker } from './worker';

const config = readConfig();
const deps = createDeps(config);
// What receivers will see of the sender's authentication: the first thing to check when mail lands in junk.
deps.logger.info(
  config.DKIM_DOMAIN
    ? { dkim_domain: config.DKIM_DOMAIN, dkim_selector: config.DKIM_SELECTOR }
    : { dkim: config.DKIM_AT_RELAY ? 'signed by the relay' : 'not signed' },
  'DKIM signing',
);
await migrate(deps);
const app = await buildApp(deps);
const worker = startMailWorker(deps);
deps.relay.start();
// Bounces and replies, when this deployment takes them (INBOUND_SMTP_PORT).
const inbound = config.INBOUND_SMTP_PORT === undefined ? null : await startInboundSmtp(deps, deps.logger);
await runServer(app, { host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT }, async () => {
  // In-flight jobs and inbound mails finish before the connections close.
  await inbound?.close();
  await worker.close();
  await closeDeps(deps);
});
