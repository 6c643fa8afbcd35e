import { runServer } from '@mfd/service-kit';
import { buildApp } from './app';
import { readConfig } from './config';
import { closeDeps, createDeps } from './deps';

const config = readConfig();
const deps = createDeps(config);
const app = await buildApp(deps);
await runServer(app, { host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT }, () =>
  closeDeps(deps),
);
