import { spawnSync } from 'node:child_process';
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
});
