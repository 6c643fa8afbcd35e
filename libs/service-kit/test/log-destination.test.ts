import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOGGER = resolve(import.meta.dirname, '../src/logger.ts');

/** A process that logs `lines` lines through the service kit's destination, then ends as `end` says. */
function logThenEnd(lines: number, end: 'exit' | 'throw'): { stdout: string; status: number | null } {
  const script = `
    import pino from 'pino';
    import { logDestination } from ${JSON.stringify(LOGGER)};
    const log = pino({ base: { service: 'test' } }, logDestination());
    for (let i = 0; i < ${lines}; i++) log.info({ i, port: 'Bodø', note: 'x'.repeat(i % 300) }, 'line');
    ${end === 'exit' ? 'process.exit(0);' : "setImmediate(() => { throw new Error('boom'); });"}
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: resolve(import.meta.dirname, '..'),
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { stdout: run.stdout, status: run.status };
}

function numbers(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { i?: number; port?: string; msg?: string })
    .filter((line) => line.msg === 'line')
    .map((line) => {
      expect(line.port).toBe('Bodø');
      return line.i!;
    });
}

describe('the service kit log destination', () => {
  it('when a process logs many lines and exits at once, then every line reaches stdout whole and in order', () => {
    const { stdout, status } = logThenEnd(20_000, 'exit');
    expect(status).toBe(0);
    expect(numbers(stdout)).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
  });

  it('when a process crashes on an uncaught error, then the lines logged before it are not lost', () => {
    const { stdout, status } = logThenEnd(300, 'throw');
    expect(status).not.toBe(0);
    expect(numbers(stdout)).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });

  it('when the log reader falls behind, then the process waits only until it catches up, and loses nothing', async () => {
    // Started as the stack starts a service: standard output a pipe to a Node parent.
    const lines = 40_000;
    const script = `
      import pino from 'pino';
      import { writeSync } from 'node:fs';
      import { logDestination } from ${JSON.stringify(LOGGER)};
      const log = pino({ base: { service: 'test' } }, logDestination());
      let stalls = 0;
      for (let i = 0; i < ${lines}; i++) {
        const start = performance.now();
        log.info({ i, port: 'Bodø', note: 'x'.repeat(200) }, 'line');
        if (performance.now() - start >= 100) stalls++;
      }
      writeSync(2, JSON.stringify({ stalls }) + '\\n');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    // The reader is away for the first 300 ms; then it reads everything as it comes.
    child.stdout.pause();
    setTimeout(() => child.stdout.on('data', (chunk: Buffer) => out.push(chunk)).resume(), 300);
    const [status] = (await once(child, 'close')) as [number | null];
    expect(status).toBe(0);
    expect(numbers(Buffer.concat(out).toString('utf8'))).toEqual(Array.from({ length: lines }, (_, i) => i));
    // One wait for the reader's pause at most; sleeping 100 ms at each full pipe made dozens.
    const { stalls } = JSON.parse(err.trim().split('\n').at(-1)!) as { stalls: number };
    expect(stalls).toBeLessThanOrEqual(2);
  }, 60_000);
});
