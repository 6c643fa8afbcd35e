interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * One write in flight; the items given meanwhile go together in the next, up to `max` at once.
 * A hot path that wrote each item with a statement of its own (a round trip, and a server's bind,
 * execute and commit) then writes many with one under load, and an item given alone is written
 * at once: nothing waits for company. `write` answers one result per item, in their order; each
 * caller's promise settles with the write that held its item, so a caller goes on only once its
 * item is written, as with a statement of its own.
 */
export class CoalescedWrites<T, R = void> {
  private queued: Waiting<T, R>[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly max: number,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.writing || this.queued.length === 0) return;
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
