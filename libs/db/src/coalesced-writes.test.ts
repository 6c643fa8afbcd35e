import { describe, expect, it } from 'vitest';
import { CoalescedWrites } from './coalesced-writes';

/** A write whose end the test decides, recording what each call held. */
function controlledWrite(fail: (items: number[]) => boolean = () => false) {
  const calls: number[][] = [];
  const ends: (() => void)[] = [];
  const write = (items: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      calls.push(items);
      ends.push(() =>
        fail(items)
          ? reject(new Error(`write of ${items.join(',')} failed`))
          : resolve(items.map((n) => n * 10)),
      );
    });
  return { calls, write, endNext: () => ends.shift()!() };
}

describe('CoalescedWrites', () => {
  it('when an item comes alone, then it is written at once, with no wait for company', async () => {
    const w = controlledWrite();
    const writes = new CoalescedWrites(w.write, 10);
    const done = writes.add(1);
    expect(w.calls).toEqual([[1]]);
    w.endNext();
    await done;
  });

  it('when items come while a write is in flight, then they go together in the next, each caller settling with its own write and result', async () => {
    const w = controlledWrite();
    const writes = new CoalescedWrites(w.write, 10);
    const settled: number[] = [];
    const first = writes.add(1).then((r) => settled.push(r));
    const rest = [2, 3, 4].map((n) => writes.add(n).then((r) => settled.push(r)));
    expect(w.calls).toEqual([[1]]);
    w.endNext();
    await first;
    expect(settled).toEqual([10]);
    expect(w.calls).toEqual([[1], [2, 3, 4]]);
    w.endNext();
    await Promise.all(rest);
    // Each caller gets its own item's result.
    expect(settled).toEqual([10, 20, 30, 40]);
  });

  it('when more than max items wait, then they are written max at a time, in order', async () => {
    const w = controlledWrite();
    const writes = new CoalescedWrites(w.write, 2);
    const all = [1, 2, 3, 4, 5, 6].map((n) => writes.add(n));
    for (let i = 0; i < 4; i++) {
      w.endNext();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(all);
    expect(w.calls).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('when a write fails, then its items reject and the items after it are still written', async () => {
    const w = controlledWrite((items) => items.includes(2));
    const writes = new CoalescedWrites(w.write, 10);
    const first = writes.add(1);
    const failed = [writes.add(2), writes.add(3)].map((p) =>
      p.then(
        () => 'written',
        (e: Error) => e.message,
      ),
    );
    w.endNext();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(w.calls).toEqual([[1], [2, 3]]);
    const later = writes.add(4);
    w.endNext();
    expect(await Promise.all(failed)).toEqual(['write of 2,3 failed', 'write of 2,3 failed']);
    await new Promise((r) => setImmediate(r));
    expect(w.calls).toEqual([[1], [2, 3], [4]]);
    w.endNext();
    await later;
  });
});
