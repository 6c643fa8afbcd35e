import { runServer } from '@mfd/service-kit';
import { buildApp } from './app';
import { readConfig } from './config';
import { closeDeps, createDeps, migrate } from './deps';
import { startMailWorker } from './worker';

const config = readConfig();
const deps = createDeps(config);
await migrate(deps);
const app = await buildApp(deps);
const worker = startMailWorker(deps);
deps.relay.start();
await runServer(app, { host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT }, async () => {
  // In-flight jobs finish before the connections close.
  await worker.close();
  await closeDeps(deps);
});
