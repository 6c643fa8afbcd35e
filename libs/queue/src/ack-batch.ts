import type { Queue } from 'bullmq';
import { MAX_JOB_BATCH, type OutboxAckBatch } from '@mfd/contracts';

/** Confirmations wait this long for company, so a busy consumer sends one job for many. */
const WINDOW_MS = 50;

interface Batch {
  ids: string[];
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Gathers a consumer's confirmations to one producer into `outbox.ack` jobs of many ids. Each
 * caller's promise settles with its batch, so a job is complete only once its confirmation is
 * queued; a lost batch only means those rows are handed over again and confirmed then.
 */
export class AckBatcher {
  private batch: Batch | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly queue: Queue<OutboxAckBatch>) {}

  confirm(id: string): Promise<void> {
    const batch = (this.batch ??= this.open());
    batch.ids.push(id);
    if (batch.ids.length >= MAX_JOB_BATCH) this.send();
    else this.timer ??= setTimeout(() => this.send(), WINDOW_MS);
    return batch.done;
  }

  private open(): Batch {
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { ids: [], done, resolve, reject };
  }

  private send(): void {
    const batch = this.batch;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.batch = undefined;
    if (!batch) return;
    this.queue
      .add('outbox.ack', { ids: batch.ids }, { removeOnComplete: true, removeOnFail: { age: 24 * 3600 } })
      .then(() => batch.resolve(), batch.reject);
  }
}
