import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

/**
 * The lists bench's client, on a thread of its own: it calls the service over its socket, as the
 * gateway or a browser would, and times each call from the request to the answer's last byte. A
 * client in the service's thread (`app.inject`) would copy and parse each answer in the service's
 * own heap (the Offers tab's 582 KB: two copies and a parse a call), and its garbage would be
 * collected inside the next calls' timing, which no real client's is.
 */
export interface TimingRequest {
  url: string;
  headers: Record<string, string>;
  runs: number;
  warmup: number;
}

export type TimingAnswer =
  { ok: true; times: number[]; first: string; last: string } | { ok: false; error: string };

const port = parentPort!;

async function call(url: string, headers: Record<string, string>) {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 300)}`);
  // Every answer must be JSON; what it says is checked by the bench on the first and the last.
  JSON.parse(body);
  return { ms, body };
}

port.on('message', async ({ url, headers, runs, warmup }: TimingRequest) => {
  try {
    let first = '';
    for (let i = 0; i < warmup; i++) first ||= (await call(url, headers)).body;
    const times: number[] = [];
    let last = '';
    for (let i = 0; i < runs; i++) {
      const { ms, body } = await call(url, headers);
      times.push(ms);
      first ||= body;
      last = body;
    }
    port.postMessage({ ok: true, times, first, last } satisfies TimingAnswer);
  } catch (err) {
    port.postMessage({ ok: false, error: (err as Error).message } satisfies TimingAnswer);
  }
});
