import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { createQueueConnection, MailSecrets, confirmOutbox } from '@mfd/queue';
import { generateKeyPair } from '@mfd/service-kit';
import type { MailSendJob } from '@mfd/contracts';
import { freePort } from '../libs/testing/src/free-port';
import { TEST_MAIL_SECRET_KEYS } from '../libs/testing/src/mail-secrets';
import { startOwnRedis } from '../libs/testing/src/own-redis';
import { buildApp as buildDirectory } from '../services/directory/src/app';
import { directoryConfig } from '../services/directory/src/config';
import * as directoryDeps from '../services/directory/src/deps';
import { buildApp as buildIdentity } from '../services/identity/src/app';
import { identityConfig } from '../services/identity/src/config';
import * as identityDeps from '../services/identity/src/deps';
import { buildApp as buildInquiry } from '../services/inquiry/src/app';
import { inquiryConfig } from '../services/inquiry/src/config';
import * as inquiryDeps from '../services/inquiry/src/deps';
import { startMailStatusConsumer } from '../services/inquiry/src/jobs/mail-status';
import { openSecrets } from '../services/mailer/src/domain/open-secrets';
import { generateDkimKeyPair } from '../services/mailer/src/cli/dkim-command';
import { dkimSigning } from '../services/mailer/src/dkim';
import { smtpMessage } from '../services/mailer/src/domain/smtp-message';
import { renderMail } from '../services/mailer/src/templates';
import { saveResults } from './results';

/**
 * The distribution path at scale (issue 12): 1,000 suppliers get an inquiry through the real path
 * (POST distribute -> outbox -> BullMQ -> mailer process -> SMTP), against a bare nodemailer pool
 * sending the same 1,000 rendered mails; then one mailer replica against two. Everything runs on
 * a redis-server of its own and fresh schemas, removed at the end. `npm run bench` (PG_URL or the
 * local default).
 */
const RECIPIENTS = 1000;
/**
 * The bench's company is new (a fifth of each quota) and sends each run's 1,000 mails, the warm-ups
 * and the floors' runs within the hour: quotas far above that, so they never refuse a bench mail.
 */
const BENCH_QUOTAS = { MAIL_QUOTA_NEW_RECIPIENTS_PER_DAY: '100000', MAIL_QUOTA_MAILS_PER_HOUR: '1000000' };
/** The most recipients one distribute call takes (distributeInput). */
const PER_CALL = 200;
/**
 * Mails each side sends before its timed run, through the same pool (and, on the real path, the
 * same mailer processes): a mailer runs for days, so a fresh process's first compiles and its first
 * connections are not what a distribution meets.
 */
const WARM_UP = 100;
const MAIL_FROM = 'Marine Fuel Distribution <no-reply@marinefuel.local>';
/**
 * Both sides sign every mail with one DKIM key, as production does (issue 27: the raw pool sends
 * the same DKIM-signed mails): the mailer from its settings, the raw pool with the very options
 * the mailer's transport is built with.
 */
const DKIM = {
  DKIM_DOMAIN: 'marinefuel.local',
  DKIM_SELECTOR: 'bench',
  DKIM_PRIVATE_KEY: generateDkimKeyPair().privateKey,
};
const APP_URL = 'http://localhost:8080';
/** No run may hang the bench: each waits at most this long for its mails. */
const RUN_TIMEOUT_MS = 180_000;

const ROOT = resolve(import.meta.dirname, '..');
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const tag = randomBytes(4).toString('hex');
const schemas = {
  identity: `bench_${tag}_identity`,
  directory: `bench_${tag}_directory`,
  inquiry: `bench_${tag}_inquiry`,
  mailer: `bench_${tag}_mailer`,
};
const PREFIX = `bench:${tag}`;
const quiet = pino({ level: 'silent' });

/** An SMTP server that only counts what it is given (no parsing), optionally slow to answer, on its own thread. */
class CountingSink {
  private readonly worker: Worker;
  private listening = 0;
  private readonly perRecipient = new Map<string, number>();
  count = 0;
  /** Message counts whose arrival time is noted in markTimes. */
  marks: number[] = [];
  markTimes: number[] = [];
  firstAt = 0;
  lastAt = 0;
  private waiting: { n: number; done: () => void } | undefined;

  constructor(delayMs = 0) {
    this.worker = new Worker(new URL('./counting-sink-worker.ts', import.meta.url), {
      workerData: { delayMs },
      execArgv: ['--import', 'tsx'],
    });
    this.worker.on('message', (m: { type: string; rcpt?: string[]; at?: number }) => {
      if (m.type !== 'mail') return;
      for (const address of m.rcpt ?? [])
        this.perRecipient.set(address, (this.perRecipient.get(address) ?? 0) + 1);
      this.count += 1;
      // The sink's own clock, on this thread's time line.
      const at = (m.at ?? 0) - performance.timeOrigin;
      this.firstAt ||= at;
      this.lastAt = Math.max(this.lastAt, at);
      if (this.marks.includes(this.count)) this.markTimes.push(at);
      if (this.waiting && this.count >= this.waiting.n) this.waiting.done();
    });
  }

  async start(): Promise<this> {
    this.listening = await new Promise<number>((done, fail) => {
      this.worker.once('error', fail);
      const ready = (m: { type: string; port?: number }) => {
        if (m.type !== 'ready') return;
        this.worker.off('message', ready);
        done(m.port!);
      };
      this.worker.on('message', ready);
    });
    return this;
  }

  get port(): number {
    return this.listening;
  }

  reset(): void {
    this.count = 0;
    this.firstAt = 0;
    this.lastAt = 0;
    this.marks = [];
    this.markTimes = [];
    this.perRecipient.clear();
  }

  /** Resolves once `n` messages have been taken, or rejects after the timeout. */
  waitFor(n: number, timeoutMs = RUN_TIMEOUT_MS): Promise<void> {
    if (this.count >= n) return Promise.resolve();
    return new Promise((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`only ${this.count} of ${n} mails within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiting = {
        n,
        done: () => {
          clearTimeout(timer);
          this.waiting = undefined;
          done();
        },
      };
    });
  }

  /** Addresses that got more than one message. */
  doubled(): number {
    return [...this.perRecipient.values()].filter((n) => n > 1).length;
  }

  async stop(): Promise<void> {
    await new Promise<void>((done) => {
      const stopped = (m: { type: string }) => {
        if (m.type === 'stopped') done();
      };
      this.worker.on('message', stopped);
      this.worker.postMessage({ type: 'stop' });
    });
    await this.worker.terminate();
  }
}

function env(schema: string, redisUrl: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    PG_URL,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: PREFIX,
    DB_SCHEMA: schema,
    MAIL_SECRET_KEYS: TEST_MAIL_SECRET_KEYS,
    ...extra,
  };
}

const listenPort = (app: { server: { address(): unknown } }) => (app.server.address() as AddressInfo).port;

/**
 * Identity and directory listening on free ports, the directory reading identity (a new customer's
 * default selling terms), the inquiry app reading both, on the bench's own Redis.
 */
async function startServices(redisUrl: string) {
  const keys = generateKeyPair();
  const identityCfg = identityConfig.parse(env(schemas.identity, redisUrl, { FORGOT_PASSWORD_MIN_MS: '0' }));
  const identity = identityDeps.createDeps(identityCfg, keys, quiet);
  await identityDeps.migrate(identity);
  const identityApp = await buildIdentity(identity);
  await identityApp.listen({ port: 0, host: '127.0.0.1' });

  const directory = directoryDeps.createDeps(
    directoryConfig.parse(
      env(schemas.directory, redisUrl, { IDENTITY_URL: `http://127.0.0.1:${listenPort(identityApp)}` }),
    ),
    keys.publicKey,
  );
  await directoryDeps.migrate(directory);
  const directoryApp = await buildDirectory(directory);
  await directoryApp.listen({ port: 0, host: '127.0.0.1' });

  const inquiryCfg = inquiryConfig.parse(
    env(schemas.inquiry, redisUrl, {
      DIRECTORY_URL: `http://127.0.0.1:${listenPort(directoryApp)}`,
      IDENTITY_URL: `http://127.0.0.1:${listenPort(identityApp)}`,
      OUTBOX_POLL_MS: '100',
      ...BENCH_QUOTAS,
    }),
  );
  const inquiry = inquiryDeps.createDeps(inquiryCfg, keys.publicKey, quiet);
  await inquiryDeps.migrate(inquiry);
  const inquiryApp = await buildInquiry(inquiry);
  await inquiryApp.ready();
  return {
    identity,
    identityApp,
    directoryApp,
    inquiry,
    inquiryApp,
    async close() {
      await inquiryApp.close();
      await inquiryDeps.closeDeps(inquiry);
      await directoryApp.close();
      await directoryDeps.closeDeps(directory);
      await identityApp.close();
      await identityDeps.closeDeps(identity);
    },
  };
}

type Services = Awaited<ReturnType<typeof startServices>>;

async function call(
  app: Pick<FastifyInstance, 'inject'>,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The trader's address confirmed as its owner does (mail to suppliers needs it): the sign-up mail's link. */
async function confirmEmail(s: Services, email: string): Promise<void> {
  const rows = await s.identity.database.db.selectFrom('outbox').select('payload').execute();
  const job = rows
    .map((r) => r.payload)
    .find(
      (p): p is MailSendJob => p.type === 'mail.send' && p.to === email && p.mail.template === 'verify-email',
    );
  if (!job || job.mail.template !== 'verify-email') throw new Error(`no verification mail for ${email}`);
  const token = new MailSecrets(TEST_MAIL_SECRET_KEYS).open(job.mail.data.token, email);
  await call(s.identityApp, 'POST', '/api/auth/verify-email', null, { token });
}

/** A trader, a customer and 1,000 active suppliers in the directory (parallel batches through the API). */
async function seed(s: Services) {
  const auth = await call(s.identityApp, 'POST', '/api/auth/signup', null, {
    first_name: 'Maria',
    last_name: 'Jensen',
    email: `bench-${tag}@example.com`,
    password: 'harbour-pilot-42',
  });
  const token: string = auth.access_token;
  await confirmEmail(s, auth.email);
  const dir = s.directoryApp;
  const customer = await call(dir, 'POST', '/api/customers/detailed', token, {
    legal_entity_name: 'Nordic Tankers A/S',
    address: 'Amaliegade 10, Copenhagen',
    city: 'Copenhagen',
    country: 'DK',
    general_email: 'ops@nordic-tankers.example',
    main_phone: '+45 33 44 55 66',
    contact_name: 'Mette Hansen',
    contact_phone: '+45 33 44 55 67',
    contact_email: 'mette@nordic-tankers.example',
    main_ship_type: 'Tanker',
  });
  const port = await call(dir, 'GET', '/api/ports/SGSIN/lookup', token);
  const supplierIds: string[] = [];
  for (let i = 0; i < RECIPIENTS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, RECIPIENTS - i) }, (_, j) =>
        call(dir, 'POST', '/api/suppliers', token, {
          trading_name: `Bench Bunkers ${i + j}`,
          default_email: `offers-${i + j}@bench-${tag}.example`,
          contacts: [],
          port_ids: [port.port.id],
          status: 'active',
        }),
      ),
    );
    supplierIds.push(...batch.map((b: { id: string }) => b.id));
  }
  return { token, customerId: customer.id as string, portId: port.port.id as string, supplierIds };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

async function newInquiry(s: Services, seeded: Seeded): Promise<string> {
  const created = await call(s.inquiryApp, 'POST', '/api/inquiries', seeded.token, {
    customer_company_id: seeded.customerId,
    port_id: seeded.portId,
    vessel_name: 'MSC OSCAR',
    imo: '9703291',
    agent_name: 'Harbour Agency',
    agent_email: 'ops@harbour-agency.example',
    eta: '2027-12-10T08:00:00+08:00',
    etb: '2027-12-10T12:00:00+08:00',
    etd: '2027-12-11T06:00:00+08:00',
    products: [
      { product_name: 'VLSFO', quantity_mt_min: 500, quantity_mt_max: '600.5' },
      { product_name: 'MGO', iso_spec: 'ISO8217:2024', quantity_mt_min: '50', quantity_mt_max: 80 },
    ],
  });
  return created.id;
}

/** Sends the inquiry to every supplier, 200 a call as the API allows; answers how long the calls took (ms). */
async function distributeAll(s: Services, seeded: Seeded, inquiryId: string): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < seeded.supplierIds.length; i += PER_CALL) {
    const res = await call(s.inquiryApp, 'POST', `/api/inquiries/${inquiryId}/distribute`, seeded.token, {
      recipients: seeded.supplierIds
        .slice(i, i + PER_CALL)
        .map((id) => ({ supplier_id: id, contact_id: null })),
    });
    if (res.distributed_count !== Math.min(PER_CALL, seeded.supplierIds.length - i))
      throw new Error(`distribute answered ${JSON.stringify(res)}`);
  }
  return performance.now() - start;
}

function startMailer(
  redisUrl: string,
  smtpPort: number,
  connections: number,
  httpPort: number,
  concurrency: number | undefined,
): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/mailer/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      // e.g. "--cpu-prof --cpu-prof-dir=/tmp/mailer-prof" to see where a mailer's time goes.
      ...(process.env.BENCH_MAILER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_MAILER_NODE_OPTIONS }
        : {}),
      ...env(schemas.mailer, redisUrl, {
        // As deployed: React renders the mails with its production build (half the CPU of the development one).
        NODE_ENV: 'production',
        GATEWAY_SECRET: randomBytes(24).toString('hex'),
        PORT: String(httpPort),
        METRICS_PORT: '0',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SMTP_POOL_MAX: String(connections),
        // Unset: the mailer's own default for its pool size.
        ...(concurrency ? { MAIL_CONCURRENCY: String(concurrency) } : {}),
        MAIL_FROM,
        ...DKIM,
        // Production's rules want a real sending domain; this mailer only ever mails the bench's sink.
        MAIL_LOCAL_CATCHER: 'true',
        APP_PUBLIC_URL: APP_URL,
        OUTBOX_POLL_MS: '100',
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function untilReady(httpPort: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${httpPort}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`mailer on ${httpPort} not ready within 60 s`);
}

/** CPU time (ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** The pid of the redis-server listening on this port (the bench's own), from /proc. */
function redisPid(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // redis-server retitles itself "redis-server 127.0.0.1:<port>".
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.includes('redis-server') && title.includes(`:${port}`)) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/** CPU time (ms) of every postgres process now running, by pid: the server is shared, so an upper bound. */
function postgresCpu(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        used.set(Number(entry), cpuMsOf(Number(entry)));
    } catch {
      // Gone meanwhile.
    }
  }
  return used;
}

function postgresDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** The machine's CPU time so far (ms, all cores): busy and total, from /proc/stat (Linux). */
function machineCpu(): { busy: number; total: number } {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const values = ticks.map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: (total - idle) * 10, total: total * 10 };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** Recipient rows of the inquiry not yet at a final delivery status. */
async function unsettled(s: Services, inquiryId: string): Promise<number> {
  const row = await s.inquiry.database.db
    .selectFrom('inquiry_recipients')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('inquiry_id', '=', inquiryId)
    .where('mail_status', 'not in', ['sent', 'failed'])
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Waits (at most RUN_TIMEOUT_MS) until every recipient of the inquiry shows its final delivery. */
async function untilSettled(s: Services, inquiryId: string): Promise<void> {
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  while ((await unsettled(s, inquiryId)) > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
}

interface RunFigures {
  label: string;
  ms: number;
  rate: number;
  /** Only for the real path: mails/s between the sink's 10% and 90% marks, the replicas' sending phase. */
  steadyRate?: number;
  doubled: number;
  /** Only for the real path: the distribute calls, and the whole loop until every row is `sent`. */
  distributeMs?: number;
  settledMs?: number;
  /** CPU per mail (ms) of the mailer process(es), and of this process (inquiry, directory, identity, sink). */
  mailerCpu?: number;
  benchCpu?: number;
  redisCpu?: number;
  postgresCpu?: number;
  /** Share of the machine's CPU (all cores, everyone's processes) busy during the run. */
  machineBusy?: number;
  /** When (ms after the first call) the distribute calls had all answered, the last job was handed to the queue, and the sink had 10/50/90% of the mails. */
  timeline?: string;
}

/** The real path: mailer process(es) ready, then distribute, until the sink has every mail and every row is final. */
async function realPath(
  s: Services,
  seeded: Seeded,
  redisUrl: string,
  sink: CountingSink,
  replicas: number,
  connections: number,
  concurrency: number | undefined,
  label: string,
): Promise<RunFigures> {
  sink.reset();
  const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
  const children = ports.map((p) => startMailer(redisUrl, sink.port, connections, p, concurrency));
  try {
    await Promise.all(ports.map(untilReady));
    await warmUp(s, seeded, sink);
    const inquiryId = await newInquiry(s, seeded);
    const mailerCpu = () => children.reduce((sum, c) => sum + cpuMsOf(c.pid), 0);
    const redisCpu = () => cpuMsOf(redisPid(Number(new URL(redisUrl).port)));
    const [mailerCpuBefore, benchCpuBefore, redisCpuBefore, machineBefore] = [
      mailerCpu(),
      ownCpuMs(),
      redisCpu(),
      machineCpu(),
    ];
    const postgresBefore = postgresCpu();
    const start = performance.now();
    const startedAt = new Date();
    sink.marks = [0.1, 0.5, 0.9].map((q) => Math.round(q * RECIPIENTS));
    const delivered = sink.waitFor(RECIPIENTS);
    const distributeMs = await distributeAll(s, seeded, inquiryId);
    await delivered;
    const ms = sink.lastAt - start;
    await untilSettled(s, inquiryId);
    const settledMs = performance.now() - start;
    const machineAfter = machineCpu();
    const handed = await s.inquiry.database.db
      .selectFrom('outbox')
      .select(sql<number>`extract(epoch from max(sent_at) - ${startedAt}::timestamptz) * 1000`.as('last'))
      .where('queue', '=', 'mail.send')
      .where('created_at', '>=', startedAt)
      .executeTakeFirstOrThrow();
    const at = (t: number) => fmt(t - start);
    const timeline =
      `calls done ${fmt(distributeMs)}, last job queued ${fmt(Number(handed.last))}, ` +
      `sink first/10/50/90/100% at ${at(sink.firstAt)}/${sink.markTimes.map(at).join('/')}/${at(sink.lastAt)} ms`;
    const [at10 = 0, , at90 = 0] = sink.markTimes;
    return {
      timeline,
      label,
      ms,
      rate: (RECIPIENTS * 1000) / ms,
      steadyRate: (0.8 * RECIPIENTS * 1000) / (at90 - at10),
      doubled: sink.doubled(),
      distributeMs,
      settledMs,
      mailerCpu: (mailerCpu() - mailerCpuBefore) / RECIPIENTS,
      benchCpu: (ownCpuMs() - benchCpuBefore) / RECIPIENTS,
      redisCpu: (redisCpu() - redisCpuBefore) / RECIPIENTS,
      postgresCpu: postgresDelta(postgresBefore, postgresCpu()) / RECIPIENTS,
      machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
    };
  } finally {
    await Promise.all(children.map(stopChild));
  }
}

/** A distribution of WARM_UP mails through the path, delivered and settled, then the sink starts over. */
async function warmUp(s: Services, seeded: Seeded, sink: CountingSink): Promise<void> {
  const inquiryId = await newInquiry(s, seeded);
  await call(s.inquiryApp, 'POST', `/api/inquiries/${inquiryId}/distribute`, seeded.token, {
    recipients: seeded.supplierIds.slice(0, WARM_UP).map((id) => ({ supplier_id: id, contact_id: null })),
  });
  await sink.waitFor(WARM_UP);
  await untilSettled(s, inquiryId);
  sink.reset();
}

/** The same mails, rendered beforehand, through a bare nodemailer pool of `connections`. */
async function rawPool(
  mails: nodemailer.SendMailOptions[],
  sink: CountingSink,
  connections: number,
  label: string,
): Promise<RunFigures> {
  sink.reset();
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    pool: true,
    maxConnections: connections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dkim: dkimSigning(DKIM),
  });
  try {
    await Promise.all(mails.slice(0, WARM_UP).map((m) => transport.sendMail(m)));
    await sink.waitFor(WARM_UP);
    sink.reset();
    const [benchCpuBefore, machineBefore] = [ownCpuMs(), machineCpu()];
    const start = performance.now();
    await Promise.all(mails.map((m) => transport.sendMail(m)));
    await sink.waitFor(mails.length);
    const ms = sink.lastAt - start;
    const machineAfter = machineCpu();
    return {
      label,
      ms,
      rate: (mails.length * 1000) / ms,
      doubled: sink.doubled(),
      benchCpu: (ownCpuMs() - benchCpuBefore) / mails.length,
      machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
    };
  } finally {
    transport.close();
  }
}

/**
 * The 1,000 invitations as the mailer would render them: distributed once with no relay running,
 * rendered from their outbox rows, and those rows confirmed so no relay ever hands them over.
 */
async function renderedInvitations(s: Services, seeded: Seeded) {
  const inquiryId = await newInquiry(s, seeded);
  // Alone on the path (no relay, no mailer): what the distribute calls cost by themselves.
  const cpuBefore = ownCpuMs();
  const distributeMs = await distributeAll(s, seeded, inquiryId);
  const distributeCpu = (ownCpuMs() - cpuBefore) / seeded.supplierIds.length;
  const db = s.inquiry.database.db;
  const rows = (
    await db
      .selectFrom('outbox')
      .select(['id', 'payload'])
      .where('queue', '=', 'mail.send')
      .where('confirmed_at', 'is', null)
      .execute()
  ).filter((r) => r.payload.type === 'mail.send' && r.payload.mail.template === 'rfq-invitation');
  const secrets = new MailSecrets(TEST_MAIL_SECRET_KEYS);
  const mails: nodemailer.SendMailOptions[] = await Promise.all(
    rows.map(async (row) => {
      const job = row.payload as MailSendJob;
      const mail = await renderMail(openSecrets(job.mail, job.to, secrets), {
        appUrl: APP_URL,
        signature: job.signature ?? null,
        sender: job.sender ?? null,
      });
      // The message the mailer would hand nodemailer for this job, but for its two parts: a bare
      // pool is given the rendered HTML and text, and nodemailer encodes them (quoted-printable, as
      // the mailer's go), where the mailer hands over parts it encoded once for all the copies.
      return {
        ...smtpMessage(job, row.id, mail, MAIL_FROM),
        html: mail.html,
        text: mail.text,
        textEncoding: 'quoted-printable' as const,
      };
    }),
  );
  await confirmOutbox(
    db,
    rows.map((r) => r.id),
  );
  return { mails, distributeMs, distributeCpu };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);
function line(f: RunFigures): string {
  const machine = `machine ${fmt((f.machineBusy ?? 0) * 100)}% busy over ${availableParallelism()} cores`;
  const extra =
    f.distributeMs !== undefined
      ? `  (${fmt(f.steadyRate ?? 0)} mails/s from 10% to 90%; distribute calls ${fmt(f.distributeMs)} ms, every row sent after ${fmt(f.settledMs ?? 0)} ms;` +
        ` CPU per mail: mailer ${fmt(f.mailerCpu ?? 0, 1)} ms, inquiry+directory+identity+sink ${fmt(f.benchCpu ?? 0, 1)} ms,` +
        ` redis ${fmt(f.redisCpu ?? 0, 1)} ms, postgres <= ${fmt(f.postgresCpu ?? 0, 1)} ms; ${machine})`
      : `  (CPU per mail: pool+sink ${fmt(f.benchCpu ?? 0, 1)} ms; ${machine})`;
  const timeline = f.timeline ? `\n${' '.repeat(46)}${f.timeline}` : '';
  return `${f.label.padEnd(44)} ${fmt(f.ms).padStart(6)} ms  ${fmt(f.rate).padStart(5)} mails/s  doubled ${f.doubled}${extra}${timeline}`;
}

const redis = await startOwnRedis();
let services: Services | undefined;
let status: { close(): Promise<void> } | undefined;
const statusConnection = createQueueConnection(redis.url);
statusConnection.on('error', () => undefined);
const fast = await new CountingSink().start();
const slow = await new CountingSink(20).start();
try {
  services = await startServices(redis.url);
  // Not relaying yet: the invitations rendered for the raw pool must never reach a mailer.
  await services.inquiry.relay.stop();
  const seedStart = performance.now();
  const seeded = await seed(services);
  console.log(`seeded ${seeded.supplierIds.length} suppliers in ${fmt(performance.now() - seedStart)} ms`);
  const { mails, distributeMs, distributeCpu } = await renderedInvitations(services, seeded);
  console.log(
    `distribute alone: ${RECIPIENTS} recipients in ${RECIPIENTS / PER_CALL} calls took ${fmt(distributeMs)} ms ` +
      `(${fmt((RECIPIENTS * 1000) / distributeMs)} recipients/s, ${fmt(distributeCpu, 1)} ms CPU each in inquiry+directory+identity)`,
  );
  console.log(
    `rendered ${mails.length} invitations (about ${fmt(Buffer.byteLength(String(mails[0]?.html)) / 1024, 1)} KiB of HTML each); ` +
      `both sides DKIM-sign them (RSA 2048, d=${DKIM.DKIM_DOMAIN})\n`,
  );

  // From here on the inquiry relays its outbox and hears the mails' status, as in production.
  services.inquiry.relay.start();
  status = startMailStatusConsumer({
    db: services.inquiry.database.db,
    connection: statusConnection,
    redisPrefix: PREFIX,
    logger: quiet,
  });

  const raw20 = await rawPool(mails, fast, 20, 'raw nodemailer pool, 20 connections');
  console.log(line(raw20));
  const real20 = await realPath(
    services,
    seeded,
    redis.url,
    fast,
    1,
    20,
    20,
    'real path, 1 mailer, concurrency 20, pool 20',
  );
  console.log(line(real20));
  const raw5 = await rawPool(mails, slow, 5, 'raw pool, 5 connections, sink 20 ms/mail');
  console.log(line(raw5));
  const one = await realPath(
    services,
    seeded,
    redis.url,
    slow,
    1,
    5,
    undefined,
    'real path, 1 mailer x 5 connections, sink 20 ms/mail',
  );
  console.log(line(one));
  const two = await realPath(
    services,
    seeded,
    redis.url,
    slow,
    2,
    5,
    undefined,
    'real path, 2 mailers x 5 connections, sink 20 ms/mail',
  );
  console.log(line(two));

  const timeRatio = real20.ms / raw20.ms;
  // Issue 27: at most 1.30x the raw pool's time (the seed's 1.5x was restated).
  const MAX_TIME_RATIO = 1.3;
  // Replicas are compared on their sending phase: the distribute calls before it are the same work
  // in both runs (not the mailers'), and so is a fresh process's warm-up at its start.
  const scale = two.steadyRate! / one.steadyRate!;
  const wholeScale = two.rate / one.rate;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\nreal path at 20 connections: ${fmt(real20.rate)} mails/s (target >= 200: ${verdict(real20.rate >= 200)}), ` +
      `${fmt(timeRatio, 2)}x the raw pool's time (target <= ${MAX_TIME_RATIO}x: ${verdict(timeRatio <= MAX_TIME_RATIO)})`,
  );
  console.log(
    `two replicas: ${fmt(scale, 2)}x one replica's sending rate, 10% to 90% of the mails (target >= 1.8x: ${verdict(scale >= 1.8)}); ` +
      `${fmt(wholeScale, 2)}x counted from the first distribute call`,
  );
  saveResults('distribution', [
    {
      metric: 'real path, 20 connections (mails/s)',
      value: Math.round(real20.rate),
      target: '>= 200',
      pass: real20.rate >= 200,
    },
    {
      metric: 'real path / raw pool time, 20 connections',
      value: `${fmt(timeRatio, 2)}x`,
      target: `<= ${MAX_TIME_RATIO}x`,
      pass: timeRatio <= MAX_TIME_RATIO,
    },
    {
      metric: 'two mailers / one, sending rate (10-90% of mails)',
      value: `${fmt(scale, 2)}x`,
      target: '>= 1.8x',
      pass: scale >= 1.8,
    },
    {
      metric: 'two mailers / one, from the first distribute call',
      value: `${fmt(wholeScale, 2)}x`,
      target: null,
      pass: null,
    },
  ]);
} finally {
  await status?.close();
  await services?.close();
  statusConnection.disconnect();
  await fast.stop();
  await slow.stop();
  await redis.stop();
  const { Client } = (await import('pg')).default;
  const client = new Client({ connectionString: PG_URL });
  await client.connect();
  for (const schema of Object.values(schemas))
    await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}
