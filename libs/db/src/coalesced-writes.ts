interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * One write in flight; the items given meanwhile go together in the next, up to `max` at once.
 * A hot path that wrote each item with a statement of its own (a round trip, and a server's bind,
 * execute and commit) then writes many with one under load, and an item given alone is written
 * at once: nothing waits for company. Each caller's promise settles with the write that held its
 * item, so a caller goes on only once its item is written, as with a statement of its own.
 */
export class CoalescedWrites<T> {
  private queued: Waiting<T>[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<unknown>,
    private readonly max: number,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
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
        () => batch.forEach((w) => w.resolve()),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        this.writing = false;
        this.next();
      });
  }
}
