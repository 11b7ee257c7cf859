/**
 * At most `limit` runs at once in this instance; the others wait their turn, first come first
 * served. A place freed is handed to the next waiting run directly, so none can jump the queue.
 */
export function createAdmission(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  let head = 0;

  function free() {
    if (head === waiting.length) {
      running--;
      return;
    }
    const next = waiting[head++];
    if (head === waiting.length) {
      waiting.length = 0;
      head = 0;
    }
    next();
  }

  return {
    /** Runs `work` in its turn: its result, or its error. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        free();
      }
    },
  };
}
