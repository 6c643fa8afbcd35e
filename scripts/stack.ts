import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prettyLines } from './pretty-logs';

/** The whole product as separate processes: what `npm start` runs and the browser tests drive. */

export const SERVICES = ['identity', 'directory', 'inquiry', 'mailer', 'gateway'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface StackOptions {
  root: string;
  ports: Record<ServiceName, number>;
  /** Where each service serves /metrics; absent, each takes a free port (stacks run side by side). */
  metricsPorts?: Record<ServiceName, number>;
  pgUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Prepended to each service's schema name ('' in development: identity, directory, ...). */
  schemaPrefix: string;
  smtpUrl: string;
  /** The mailer's inbound SMTP listener (bounces and supplier replies). */
  inboundSmtpPort: number;
  keysDir: string;
  logLevel: string;
  /** Write each service's output to <logDir>/<service>.log instead of this terminal. */
  logDir?: string;
  /** In this terminal, each JSON log line as one short coloured line (`npm start`); else as written. */
  prettyLogs?: boolean;
  /**
   * Settings every service is given beneath the stack's own (ports, schema, URLs, keys): `npm start`
   * hands over its environment, so e.g. LOGIN_FAILURES_PER_IP or MAIL_CONCURRENCY reach the services.
   */
  env?: NodeJS.ProcessEnv;
}

export interface Stack {
  appUrl: string;
  schemas: string[];
  /** The process id of a service's current process (it changes when the stack starts it again). */
  pid(name: ServiceName): number | undefined;
  stop(): Promise<void>;
}

/** A service that exits is started again after this delay, doubled for each exit in a row up to the maximum. */
const RESTART_FIRST_DELAY_MS = 500;
const RESTART_MAX_DELAY_MS = 30_000;
/** A process that ran this long was healthy: its next exit starts the back-off from the first delay again. */
const RESTART_RESET_AFTER_MS = 60_000;

function serviceEnv(name: ServiceName, o: StackOptions): NodeJS.ProcessEnv {
  const url = (s: ServiceName) => `http://127.0.0.1:${o.ports[s]}`;
  const common = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(o.ports[name]),
    METRICS_PORT: String(o.metricsPorts?.[name] ?? 0),
    LOG_LEVEL: o.logLevel,
    PG_URL: o.pgUrl,
    REDIS_URL: o.redisUrl,
    REDIS_PREFIX: o.redisPrefix,
    KEYS_DIR: o.keysDir,
    DB_SCHEMA: `${o.schemaPrefix}${name}`,
  };
  const own: Record<ServiceName, Record<string, string>> = {
    identity: {},
    directory: { IDENTITY_URL: url('identity') },
    inquiry: { DIRECTORY_URL: url('directory'), IDENTITY_URL: url('identity') },
    mailer: {
      SMTP_URL: o.smtpUrl,
      APP_PUBLIC_URL: url('gateway'),
      // Bounces and replies come back to the listener; the domains only name it (nothing routes mail here).
      INBOUND_SMTP_PORT: String(o.inboundSmtpPort),
      BOUNCE_DOMAIN: o.env?.BOUNCE_DOMAIN || 'bounces.marinefuel.local',
      REPLY_DOMAIN: o.env?.REPLY_DOMAIN || 'replies.marinefuel.local',
    },
    gateway: {
      IDENTITY_URL: url('identity'),
      DIRECTORY_URL: url('directory'),
      INQUIRY_URL: url('inquiry'),
      MAILER_URL: url('mailer'),
      WEB_DIST: join(o.root, 'web', 'dist'),
    },
  };
  return { ...(o.env ?? { PATH: process.env.PATH }), ...common, ...own[name] };
}

/** Where a service's lines go: its log file, or this terminal with the service's name in front. */
interface Output {
  line(text: string): void;
  attach(child: ChildProcess): void;
  close(): void;
}

function serviceOutput(name: ServiceName, o: StackOptions): Output {
  const { logDir } = o;
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    const file = createWriteStream(join(logDir, `${name}.log`));
    return {
      line: (text) => file.write(`${text}\n`),
      attach: (child) => {
        child.stdout?.pipe(file, { end: false });
        child.stderr?.pipe(file, { end: false });
      },
      close: () => file.end(),
    };
  }
  const label = `[${name}]`.padEnd(12);
  const format = o.prettyLogs
    ? prettyLines(name, SERVICES.indexOf(name))
    : (text: string) => `${label}${text}`;
  const line = (text: string) => process.stdout.write(`${format(text)}\n`);
  return {
    line,
    attach: (child) => {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream?.on('data', (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const l of lines) line(l);
        });
      }
    },
    close: () => {},
  };
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

/**
 * One service's process, kept running: once the stack is up, an exit is answered by a new
 * process after a back-off (0.5 s, 1 s, 2 s ... 30 s), each said in the service's output.
 */
class SupervisedService {
  child: ChildProcess;
  private supervising = false;
  private stopping = false;
  private exitsInARow = 0;
  private startedAt = Date.now();
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly name: ServiceName,
    private readonly o: StackOptions,
    private readonly output: Output,
  ) {
    this.child = this.spawn();
  }

  private spawn(): ChildProcess {
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', resolve(this.o.root, 'services', this.name, 'dist', 'server.js')],
      {
        cwd: this.o.root,
        env: serviceEnv(this.name, this.o),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.startedAt = Date.now();
    this.output.attach(child);
    child.once('exit', (code, signal) => this.onExit(code, signal));
    return child;
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.supervising || this.stopping) return;
    if (Date.now() - this.startedAt >= RESTART_RESET_AFTER_MS) this.exitsInARow = 0;
    const delay = Math.min(RESTART_MAX_DELAY_MS, RESTART_FIRST_DELAY_MS * 2 ** this.exitsInARow);
    this.exitsInARow += 1;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    this.output.line(
      `${this.name} ${how}; starting it again in ${delay / 1000} s (restart ${this.exitsInARow} in a row)`,
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.child = this.spawn();
      this.output.line(`${this.name} started again (pid ${this.child.pid})`);
    }, delay);
  }

  /** From now on an exit restarts the service (before, an exit fails the stack's start). */
  supervise(): void {
    this.supervising = true;
    if (this.child.exitCode !== null || this.child.signalCode !== null)
      this.onExit(this.child.exitCode, this.child.signalCode);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    await stopChild(this.child);
    this.output.close();
  }
}

async function waitForHealth(url: string, services: SupervisedService[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const s of services) {
      const { exitCode, signalCode } = s.child;
      if (exitCode !== null || signalCode !== null)
        throw new Error(`${s.name} exited with ${signalCode ?? `code ${exitCode}`} during start`);
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

/**
 * Starts every service from its built bundle and resolves when the gateway reports all healthy;
 * from then on a service that exits is started again until `stop`.
 */
export async function startStack(o: StackOptions): Promise<Stack> {
  const services = SERVICES.map((name) => new SupervisedService(name, o, serviceOutput(name, o)));
  const stop = async () => {
    await Promise.all(services.map((s) => s.stop()));
  };
  try {
    await waitForHealth(`http://127.0.0.1:${o.ports.gateway}/health`, services, 90_000);
  } catch (err) {
    await stop();
    throw err;
  }
  for (const s of services) s.supervise();
  return {
    appUrl: `http://127.0.0.1:${o.ports.gateway}`,
    schemas: SERVICES.filter((s) => s !== 'gateway').map((s) => `${o.schemaPrefix}${s}`),
    pid: (name) => services.find((s) => s.name === name)?.child.pid,
    stop,
  };
}
