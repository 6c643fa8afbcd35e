import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startTestStack } from '../scripts/test-stack';

function cpu(pid: number) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { u: Number(f[11]) * 10, s: Number(f[12]) * 10 };
}
process.env.PG_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
const secret = randomBytes(32).toString('base64url');
const stack = await startTestStack('bench', { GATEWAY_SECRET: secret });
try {
  const { appUrl, serviceUrls } = stack.info;
  const signup = await fetch(`${appUrl}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'B', last_name: 'G', email: `bare-${randomBytes(4).toString('hex')}@example.com`, password: 'harbour-pilot-42' }) });
  const { access_token: token } = (await signup.json()) as { access_token: string };
  const port = 39000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ['bare-proxy.mjs'], { cwd: import.meta.dirname, env: { ...process.env, UPSTREAM: serviceUrls.directory, SECRET: secret, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => child.stdout!.once('data', r));
  const headers = { authorization: `Bearer ${token}` };
  const targets: Record<string, [string, number]> = { bare: [`http://127.0.0.1:${port}/api/products`, child.pid!], gateway: [`${appUrl}/api/products`, stack.pid('gateway')!] };
  for (const [name, [url]] of Object.entries(targets)) await autocannon({ url, headers, connections: 32, duration: 3 });
  for (let round = 0; round < 2; round++) for (const [name, [url, pid]] of Object.entries(targets)) {
    const b = cpu(pid); const d0 = cpu(stack.pid('directory')!);
    const r = await autocannon({ url, headers, connections: Number(process.env.CONN ?? 32), duration: 5 });
    const a = cpu(pid); const d1 = cpu(stack.pid('directory')!);
    const n = r.requests.total;
    console.log(`${name}: ${(n / 5).toFixed(0)} req/s, non2xx ${r.non2xx}, proxy cpu ${((a.u - b.u) * 1000 / n).toFixed(0)} user + ${((a.s - b.s) * 1000 / n).toFixed(0)} sys us/req, directory ${(((d1.u - d0.u) + (d1.s - d0.s)) * 1000 / n).toFixed(0)} us/req`);
  }
  child.kill();
} finally {
  await stack.stop();
}
