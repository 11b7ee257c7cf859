/**
 * Shares one read among the callers of a short window: a caller gets the result of a read
 * that started at most `maxAgeMs` before it called (joining it while it runs), else starts a
 * new one. So a value written more than `maxAgeMs` before a call is always seen, and under
 * load there is at most one read per window instead of one per request (a KV read costs as
 * much CPU as serving a whole cached page: tests/bench/http.ts). A failed read is not shared
 * with later callers.
 */
export function recentRead<T>(read: () => Promise<T>, maxAgeMs: number) {
  let last: { startedAt: number; value: Promise<T> } | undefined;
  return {
    get(): Promise<T> {
      const now = performance.now();
      if (last && now - last.startedAt <= maxAgeMs) return last.value;
      const value = new Promise<T>((resolve) => resolve(read()));
      const current = { startedAt: now, value };
      last = current;
      value.catch(() => {
        if (last === current) last = undefined;
      });
      return value;
    },
    /** The next call reads. */
    forget() {
      last = undefined;
    },
  };
}
