import { Fifo } from "../domain/fifo.ts";

/**
 * At most `limit` runs at once in this instance; the others wait their turn, first come first
 * served. A place freed is handed to the next waiting run directly, so none can jump the queue.
 */
export function createAdmission(limit: number) {
  let running = 0;
  const waiting = new Fifo<() => void>();

  function free() {
    const next = waiting.shift();
    if (next) next();
    else running--;
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
