import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class UploadTimeoutError extends Error {}

export interface ReceivedFile {
  path: string;
  bytes: number;
  remove(): Promise<void>;
}

/**
 * Writes an upload to a temporary file before anything else looks at it, so nothing (above all no
 * database connection) waits on the client's pace. An upload that stalls for `idleMs` or takes
 * longer than `totalMs` in all is cut off and its file removed.
 */
export async function receiveToFile(
  source: Readable,
  limits: { idleMs: number; totalMs: number },
): Promise<ReceivedFile> {
  const dir = await mkdtemp(join(tmpdir(), 'port-import-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'upload.csv');
  let bytes = 0;
  let idle: NodeJS.Timeout | undefined;
  const watchdog = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      armIdle();
      done(null, chunk);
    },
  });
  const cutOff = (reason: string) => watchdog.destroy(new UploadTimeoutError(reason));
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => cutOff(`No data received for ${limits.idleMs / 1000} s: the upload was stopped.`),
      limits.idleMs,
    );
  };
  armIdle();
  const total = setTimeout(
    () => cutOff(`The upload took longer than ${limits.totalMs / 1000} s and was stopped.`),
    limits.totalMs,
  );
  try {
    await pipeline(source, watchdog, createWriteStream(path));
    return { path, bytes, remove };
  } catch (err) {
    await remove();
    throw err;
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
  }
}
