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
