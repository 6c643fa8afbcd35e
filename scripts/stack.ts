import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The whole product as separate processes: what `npm start` runs and the browser tests drive. */

export const SERVICES = ['identity', 'directory', 'inquiry', 'mailer', 'gateway'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface StackOptions {
  root: string;
  ports: Record<ServiceName, number>;
  pgUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Prepended to each service's schema name ('' in development: identity, directory, ...). */
  schemaPrefix: string;
  smtpUrl: string;
  keysDir: string;
  logLevel: string;
  /** Write each service's output to <logDir>/<service>.log instead of this terminal. */
  logDir?: string;
}

export interface Stack {
  appUrl: string;
  schemas: string[];
  stop(): Promise<void>;
}

function serviceEnv(name: ServiceName, o: StackOptions): NodeJS.ProcessEnv {
  const url = (s: ServiceName) => `http://127.0.0.1:${o.ports[s]}`;
  const common = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(o.ports[name]),
    LOG_LEVEL: o.logLevel,
    PG_URL: o.pgUrl,
    REDIS_URL: o.redisUrl,
    REDIS_PREFIX: o.redisPrefix,
    KEYS_DIR: o.keysDir,
    DB_SCHEMA: `${o.schemaPrefix}${name}`,
  };
  const own: Record<ServiceName, Record<string, string>> = {
    identity: {},
    directory: {},
    inquiry: { DIRECTORY_URL: url('directory') },
    mailer: { SMTP_URL: o.smtpUrl, APP_PUBLIC_URL: url('gateway') },
    gateway: {
      IDENTITY_URL: url('identity'),
      DIRECTORY_URL: url('directory'),
      INQUIRY_URL: url('inquiry'),
      MAILER_URL: url('mailer'),
      WEB_DIST: join(o.root, 'web', 'dist'),
    },
  };
  return { PATH: process.env.PATH, ...common, ...own[name] };
}

function pipeOutput(child: ChildProcess, name: string, logDir: string | undefined): void {
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    const file = createWriteStream(join(logDir, `${name}.log`));
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
    return;
  }
  const label = `[${name}]`.padEnd(12);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${label}${line}\n`);
    });
  }
}

async function waitForHealth(url: string, children: Map<string, ChildProcess>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const [name, child] of children) {
      if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} during start`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/** Starts every service from its built bundle and resolves when the gateway reports all healthy. */
export async function startStack(o: StackOptions): Promise<Stack> {
  const children = new Map<string, ChildProcess>();
  for (const name of SERVICES) {
    const child = spawn(process.execPath, ['--enable-source-maps', resolve(o.root, 'services', name, 'dist', 'server.js')], {
      cwd: o.root,
      env: serviceEnv(name, o),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeOutput(child, name, o.logDir);
    children.set(name, child);
  }
  const stop = async () => {
    await Promise.all([...children.values()].map(stopChild));
  };
  try {
    await waitForHealth(`http://127.0.0.1:${o.ports.gateway}/health`, children, 90_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    appUrl: `http://127.0.0.1:${o.ports.gateway}`,
    schemas: SERVICES.filter((s) => s !== 'gateway').map((s) => `${o.schemaPrefix}${s}`),
    stop,
  };
}
