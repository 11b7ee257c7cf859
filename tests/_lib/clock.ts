/**
 * Runs `fn` with the process's clock reading `ms` (`Date.now()` and `new Date()`), as the
 * shop would run at that instant; dates built from a value are untouched. KV's own clock is not
 * JavaScript's, so commits and expiries behave as always.
 */
export async function atInstant<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args: [] | [string | number | Date]) {
      super(args.length === 0 ? ms : args[0]);
    }
    static override now() {
      return ms;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  try {
    return await fn();
  } finally {
    globalThis.Date = RealDate;
  }
}

/**
 * Runs `fn` with this isolate's time passing `factor` times faster: `performance.now()` and the
 * delays of `setTimeout` and `setInterval` (the clocks the store's busy bound and backoff read).
 * A bound of 10 s is then reached after 10 / `factor` s, with every step taken as before; other
 * processes (a lock holder) keep real time.
 */
export async function atSpeed<T>(factor: number, fn: () => Promise<T>): Promise<T> {
  const realNow = performance.now.bind(performance);
  const { setTimeout: realSetTimeout, setInterval: realSetInterval } = globalThis;
  const origin = realNow();
  performance.now = () => origin + (realNow() - origin) * factor;
  globalThis.setTimeout =
    ((cb: () => void, ms = 0, ...args: unknown[]) =>
      realSetTimeout(cb, ms / factor, ...args)) as typeof setTimeout;
  globalThis.setInterval =
    ((cb: () => void, ms = 0, ...args: unknown[]) =>
      realSetInterval(cb, ms / factor, ...args)) as typeof setInterval;
  try {
    return await fn();
  } finally {
    // The own properties set above removed: the prototype's `now` reads real time again.
    delete (performance as { now?: unknown }).now;
    globalThis.setTimeout = realSetTimeout;
    globalThis.setInterval = realSetInterval;
  }
}
