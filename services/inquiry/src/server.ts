import { runServer } from '@mfd/service-kit';
import { buildApp } from './app';
import { readConfig } from './config';
import { closeDeps, createDeps, migrate } from './deps';

const config = readConfig();
const deps = createDeps(config);
await migrate(deps);
const app = await buildApp(deps);
deps.relay.start();
await runServer(app, { host: config.HOST, port: config.PORT }, () => closeDeps(deps));
