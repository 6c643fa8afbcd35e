import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureDevKeys } from '@mfd/service-kit';
import { startInbox, type Inbox } from './dev-inbox';
import { startStack } from './stack';

/**
 * `npm start`: builds the web app and the services, then runs every service as its own
 * process (each migrates its schema as it starts) plus a local mail inbox, against the
 * PostgreSQL and Redis at PG_URL / REDIS_URL. Ctrl-C stops all of it.
 */
const root = resolve(import.meta.dirname, '..');
const env = process.env;

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const keysDir = resolve(root, env.KEYS_DIR ?? '.keys');
ensureDevKeys(keysDir);

let inbox: Inbox | undefined;
if (!env.SMTP_URL) {
  inbox = await startInbox({
    smtpPort: Number(env.INBOX_SMTP_PORT ?? 1025),
    httpPort: Number(env.INBOX_PORT ?? 1080),
  });
}

const stack = await startStack({
  root,
  ports: {
    gateway: Number(env.PORT ?? 8080),
    identity: Number(env.IDENTITY_PORT ?? 4001),
    directory: Number(env.DIRECTORY_PORT ?? 4002),
    inquiry: Number(env.INQUIRY_PORT ?? 4003),
    mailer: Number(env.MAILER_PORT ?? 4004),
  },
  // Each service's /metrics, apart from its API port (the services' own defaults).
  metricsPorts: {
    gateway: Number(env.GATEWAY_METRICS_PORT ?? 9464),
    identity: Number(env.IDENTITY_METRICS_PORT ?? 9465),
    directory: Number(env.DIRECTORY_METRICS_PORT ?? 9466),
    inquiry: Number(env.INQUIRY_METRICS_PORT ?? 9467),
    mailer: Number(env.MAILER_METRICS_PORT ?? 9468),
  },
  pgUrl: env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  redisPrefix: env.REDIS_PREFIX ?? 'mfd',
  schemaPrefix: '',
  smtpUrl: env.SMTP_URL ?? inbox?.smtpUrl ?? '',
  inboundSmtpPort: Number(env.INBOUND_SMTP_PORT ?? 2525),
  keysDir,
  logLevel: env.LOG_LEVEL ?? 'info',
  // The services write JSON lines as in production; this terminal shows each as one short line.
  prettyLogs: true,
  // Every other setting the user gives `npm start` (limits, mail settings, ...) reaches the services.
  env,
}).catch(async (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  await inbox?.stop();
  process.exit(1);
});

console.log(
  `\n  Marine Fuel Distribution is running.\n\n  App:    ${stack.appUrl}\n  Inbox:  ${inbox?.webUrl ?? `(mail goes to ${env.SMTP_URL})`}\n  API:    ${stack.appUrl}/api/docs\n  Bounces and replies (SMTP): 127.0.0.1:${env.INBOUND_SMTP_PORT ?? 2525}\n\n  Ctrl-C stops everything.\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await stack.stop();
    await inbox?.stop();
    process.exit(0);
  });
}
