import { log } from "./log.ts";

/**
 * A service's job on this process's own timer (server/jobs.ts, where there is no `Deno.cron`):
 * one pass at a time; a wake during a pass runs one more after it, so work recorded after the
 * pass listed its own is not left waiting. A failed pass is logged; what it left waits for the
 * next. `done` hears each pass's result and duration.
 */
export function backgroundJob<T>(
  job: string,
  pass: () => Promise<T>,
  done?: (result: T, durationMs: number) => void,
) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;

  function wake(): void {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    const started = performance.now();
    running = pass()
      .then((result) => done?.(result, Math.round(performance.now() - started)))
      .catch((err) => log.error("job failed", { job }, err))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    wake,

    /** Whether `stop` was called: the pass under way checks it at its safe points. */
    stopping: () => stopping,

    /** Runs a pass now (what a restart missed), then every `intervalMs`. */
    start(intervalMs: number) {
      if (timer !== undefined) return;
      stopping = false;
      timer = setInterval(wake, intervalMs);
      wake();
    },

    /** Ends the timer and waits for the pass under way, which stops at its next safe point. */
    async stop() {
      stopping = true;
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
