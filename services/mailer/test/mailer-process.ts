import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The mailer as its own process (run with tsx), so a test can SIGKILL it mid-send. */
export function startMailerProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'services/mailer/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      METRICS_PORT: '0',
      ...env,
    },
    stdio: 'ignore',
  });
}

export function killProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill(signal);
  });
}
