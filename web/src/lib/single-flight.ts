/** What a dropped call answers: a promise that never settles, so its caller goes on to nothing. */
const NEVER = new Promise<never>(() => undefined);

/**
 * `run`, one call at a time: a call made while the previous one is still running does nothing and
 * never settles, so whatever its caller would do after it (a toast, closing a dialog) happens once,
 * for the call that ran. The next call after it settles runs again.
 */
export function singleFlight<A extends unknown[], R>(run: (...args: A) => Promise<R>) {
  let running = false;
  return async (...args: A): Promise<R> => {
    if (running) return NEVER;
    running = true;
    try {
      return await run(...args);
    } finally {
      running = false;
    }
  };
}
