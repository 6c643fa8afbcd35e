import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

/**
 * A Redis of the test's own on a free port, without persistence, so a fault test can stop it,
 * start it again or make it lose its data without touching the Redis every other test shares.
 */
export async function startOwnRedis() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: null });
    probe.on('error', () => undefined);
    await probe.ping();
    probe.disconnect();
  }

  async function stop(): Promise<void> {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolveStop) => {
      running.once('exit', () => resolveStop());
      running.kill('SIGKILL');
    });
  }

  await start();
  return {
    url,
    port,
    start,
    stop,
    /** Killed and started again empty: every key it held is gone. */
    async restartEmpty() {
      await stop();
      await start();
    },
  };
}

export type OwnRedis = Awaited<ReturnType<typeof startOwnRedis>>;
