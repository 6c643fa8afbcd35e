interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * One write in flight; the items given meanwhile go together in the next, up to `max` at once.
 * A hot path that wrote each item with a statement of its own (a round trip, and a server's bind,
 * execute and commit) then writes many with one under load. An item given alone is written at
 * once, or, with `gatherMs`, that long after it came (unless `max` items wait by then): a caller
 * whose write is off its critical path buys larger batches with the wait. `write` answers one
 * result per item, in their order; each caller's promise settles with the write that held its
 * item, so a caller goes on only once its item is written, as with a statement of its own.
 */
export class CoalescedWrites<T, R = void> {
  private queued: Waiting<T, R>[] = [];
  private writing = false;
  private gathering: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly max: number,
    private readonly gatherMs = 0,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.writing || this.queued.length === 0) return;
    if (this.queued.length < this.max && this.gatherMs > 0) {
      this.gathering ??= setTimeout(() => this.writeBatch(), this.gatherMs);
      return;
    }
    this.writeBatch();
  }

  private writeBatch(): void {
    clearTimeout(this.gathering);
    this.gathering = undefined;
    const batch = this.queued.splice(0, this.max);
    this.writing = true;
    this.write(batch.map((w) => w.item))
      .then(
        (results) => batch.forEach((w, i) => w.resolve(results[i]!)),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        this.writing = false;
        this.next();
      });
  }
}
