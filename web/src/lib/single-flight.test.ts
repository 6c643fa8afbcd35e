import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

/** A call whose end the test decides. */
function gate<T>() {
  let open: (value: T) => void = () => undefined;
  let fail: (err: Error) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 10));
  return done;
};

describe('singleFlight', () => {
  it('when a second call comes while the first runs, then it sends nothing and never settles', async () => {
    const first = gate<string>();
    const calls: number[] = [];
    const send = singleFlight(async (n: number) => {
      calls.push(n);
      return first.promise;
    });
    const a = send(1);
    const b = send(2);
    first.open('awarded');
    expect(await a).toBe('awarded');
    expect(calls).toEqual([1]);
    expect(await settled(b)).toBe(false);
  });

  it('when the first call has ended, by success or failure, then the next one runs', async () => {
    const calls: number[] = [];
    const failing = gate<string>();
    const send = singleFlight(async (n: number) => {
      calls.push(n);
      if (n === 1) return failing.promise;
      return `ok ${n}`;
    });
    const a = send(1);
    failing.fail(new Error('409'));
    await expect(a).rejects.toThrow('409');
    expect(await send(2)).toBe('ok 2');
    expect(await send(3)).toBe('ok 3');
    expect(calls).toEqual([1, 2, 3]);
  });
});
