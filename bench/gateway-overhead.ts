import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { GATEWAY_AUTH_HEADER } from '@mfd/service-kit';
import { startTestStack } from '../scripts/test-stack';
import { saveResults, type ResultRow } from './results';

/**
 * What the gateway adds to a request: `GET /api/products` with a valid token through the gateway
 * and straight to the directory service (with the headers the gateway would add), on the started
 * product (every service its own process, as `npm start` runs it), at 1 and 32 connections.
 * p50 and p99 come from every response's own time (autocannon's histogram keeps whole
 * milliseconds only); req/s is responses over the run's time. The two targets alternate in
 * short rounds, so a neighbour's load on the machine falls on both alike. The CPU time the gateway
 * and the directory processes spent per request (from /proc) is shown beside, as neighbours do not
 * change it. A bare proxy (bare-proxy.ts, its own process) in front of the same directory
 * is measured in the same rounds: the floor under any gateway of this stack, shown for context.
 * BENCH_SECONDS sets the seconds per target and connection count (default 10);
 * BENCH_NODE_OPTIONS is given to every service, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 2;
const CONNECTIONS = [1, 32];
const WARMUP_SECONDS = 3;
const TARGETS = { p50: 1.3, p99: 1.5, throughput: 0.7 };

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

interface CpuMs {
  user: number;
  system: number;
}

/** CPU time (ms) a process has used so far in its own code and in the kernel, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): CpuMs {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms.
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
}

/**
 * CPU (ms) of the gateway and the directory per request through the gateway, summed over runs;
 * the kernel's share (socket writes on loopback carry the receiver's TCP work) apart.
 */
const cpu = { gateway: { user: 0, system: 0 }, directory: { user: 0, system: 0 }, requests: 0 };
const bareCpu = { proxy: { user: 0, system: 0 }, requests: 0 };

function addCpu(into: CpuMs, before: CpuMs, after: CpuMs): void {
  into.user += after.user - before.user;
  into.system += after.system - before.system;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** One autocannon run; answers each 2xx response's time (ms) and how many were not 2xx. */
async function run(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<{ times: number[]; errors: number; seconds: number }> {
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon({ url, headers, connections, duration: seconds }, (err, r) =>
      err ? fail(err) : done(r),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
      else errors += 1;
    });
  });
  return { times, errors: errors + result.errors + result.timeouts, seconds: result.duration };
}

const NAMES = ['direct', 'gateway', 'bare'] as const;
type Name = (typeof NAMES)[number];

async function measure(
  targets: Record<Name, { url: string; headers: Record<string, string> }>,
  connections: number,
): Promise<Record<Name, Figures>> {
  const pooled = Object.fromEntries(
    NAMES.map((n) => [n, { times: [] as number[], errors: 0, seconds: 0 }]),
  ) as Record<Name, { times: number[]; errors: number; seconds: number }>;
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? NAMES : [...NAMES].reverse();
    for (const name of order) {
      const before = {
        gateway: cpuMsOf(stack.pid('gateway')),
        directory: cpuMsOf(stack.pid('directory')),
        bare: cpuMsOf(bare?.child.pid),
      };
      const r = await run(targets[name].url, targets[name].headers, connections, SECONDS / ROUNDS);
      if (name === 'gateway') {
        addCpu(cpu.gateway, before.gateway, cpuMsOf(stack.pid('gateway')));
        addCpu(cpu.directory, before.directory, cpuMsOf(stack.pid('directory')));
        cpu.requests += r.times.length;
      }
      if (name === 'bare') {
        addCpu(bareCpu.proxy, before.bare, cpuMsOf(bare?.child.pid));
        bareCpu.requests += r.times.length;
      }
      pooled[name].times.push(...r.times);
      pooled[name].errors += r.errors;
      pooled[name].seconds += r.seconds;
    }
  }
  const figures = (p: (typeof pooled)['direct']): Figures => {
    const sorted = p.times.sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      rps: sorted.length / p.seconds,
      errors: p.errors,
    };
  };
  return { direct: figures(pooled.direct), gateway: figures(pooled.gateway), bare: figures(pooled.bare) };
}

/** bare-proxy.ts in a process of its own, in front of `upstream`; answers its URL. */
async function startBareProxy(upstream: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'bare-proxy.ts')], {
    cwd: ROOT,
    env: { ...process.env, UPSTREAM: upstream },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${Number(chunk.toString().trim())}`, child };
}

function build(): void {
  const workspaces = ['identity', 'directory', 'inquiry', 'mailer', 'gateway'].flatMap((s) => [
    '-w',
    `services/${s}`,
  ]);
  const done = spawnSync('npm', ['run', 'build', ...workspaces], { cwd: ROOT, stdio: 'inherit' });
  if (done.status !== 0) throw new Error('building the services failed');
}

process.env.PG_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
const gatewaySecret = randomBytes(32).toString('base64url');

build();
const stack = await startTestStack('bench', {
  GATEWAY_SECRET: gatewaySecret,
  ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
});
let bare: { url: string; child: ChildProcess } | undefined;
try {
  const { appUrl, serviceUrls } = stack.info;
  bare = await startBareProxy(serviceUrls.directory);
  const signup = await fetch(`${appUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'Gateway',
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'harbour-pilot-42',
    }),
  });
  if (!signup.ok) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const { access_token: token } = (await signup.json()) as { access_token: string };
  const authorization = `Bearer ${token}`;
  // What the gateway's forwarded request carries (forward.ts), minus the request id it makes up.
  const forwardedHeaders = {
    authorization,
    'x-forwarded-for': '127.0.0.1',
    [GATEWAY_AUTH_HEADER]: gatewaySecret,
  };
  const targets = {
    gateway: { url: `${appUrl}/api/products`, headers: { authorization } },
    direct: { url: `${serviceUrls.directory}/api/products`, headers: forwardedHeaders },
    bare: { url: `${bare.url}/api/products`, headers: forwardedHeaders },
  };
  for (const name of NAMES) {
    const probe = await fetch(targets[name].url, { headers: targets[name].headers });
    if (!probe.ok) throw new Error(`${name} answered ${probe.status}: ${await probe.text()}`);
    await run(targets[name].url, targets[name].headers, 32, WARMUP_SECONDS);
  }

  const rows: Omit<ResultRow, 'bench'>[] = [];
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const ratio = (n: number) => `${n.toFixed(2)}x`;
  for (const connections of CONNECTIONS) {
    const { direct, gateway, bare: floor } = await measure(targets, connections);
    const at = `${connections} conn`;
    const compare = (metric: string, g: string, d: string, value: number, target: string, pass: boolean) =>
      rows.push({ metric: `${at}: ${metric}`, value: `${g} / ${d} = ${ratio(value)}`, target, pass });
    const p50 = gateway.p50 / direct.p50;
    const p99 = gateway.p99 / direct.p99;
    const rps = gateway.rps / direct.rps;
    compare(
      'p50 gateway / direct',
      ms(gateway.p50),
      ms(direct.p50),
      p50,
      `<= ${TARGETS.p50}x`,
      p50 <= TARGETS.p50,
    );
    compare(
      'p99 gateway / direct',
      ms(gateway.p99),
      ms(direct.p99),
      p99,
      `<= ${TARGETS.p99}x`,
      p99 <= TARGETS.p99,
    );
    compare(
      'req/s gateway / direct',
      gateway.rps.toFixed(0),
      direct.rps.toFixed(0),
      rps,
      `>= ${TARGETS.throughput}x`,
      rps >= TARGETS.throughput,
    );
    // The floor: what a process hop costs before the gateway does anything of its own.
    rows.push(
      {
        metric: `${at}: p50 bare proxy / direct`,
        value: `${ms(floor.p50)} / ${ms(direct.p50)} = ${ratio(floor.p50 / direct.p50)}`,
        target: null,
        pass: null,
      },
      {
        metric: `${at}: p99 bare proxy / direct`,
        value: `${ms(floor.p99)} / ${ms(direct.p99)} = ${ratio(floor.p99 / direct.p99)}`,
        target: null,
        pass: null,
      },
      {
        metric: `${at}: req/s bare proxy / direct`,
        value: `${floor.rps.toFixed(0)} / ${direct.rps.toFixed(0)} = ${ratio(floor.rps / direct.rps)}`,
        target: null,
        pass: null,
      },
    );
    const failed = direct.errors + gateway.errors + floor.errors;
    if (failed > 0)
      rows.push({
        metric: `${at}: failed or non-2xx requests`,
        value: failed,
        target: '0',
        pass: false,
      });
  }
  const perRequest = ({ user, system }: CpuMs, requests = cpu.requests) => {
    const us = (ms: number) => ((1000 * ms) / requests).toFixed(0);
    return `${us(user + system)} us (user ${us(user)}, system ${us(system)})`;
  };
  rows.push(
    { metric: 'gateway CPU per proxied request', value: perRequest(cpu.gateway), target: null, pass: null },
    { metric: 'directory CPU per request', value: perRequest(cpu.directory), target: null, pass: null },
    {
      metric: 'bare proxy CPU per proxied request',
      value: perRequest(bareCpu.proxy, bareCpu.requests),
      target: null,
      pass: null,
    },
  );
  saveResults('gateway-overhead', rows);
} finally {
  bare?.child.kill();
  await stack.stop();
}
