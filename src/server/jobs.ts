import type { Services } from "../services/container.ts";
import { log } from "../services/log.ts";

/** `Deno.cron`'s overload with options: on Deno Deploy, and on the CLI with `--unstable-cron`. */
export type Cron = (
  name: string,
  schedule: string,
  options: { signal?: AbortSignal },
  handler: () => Promise<void>,
) => Promise<void>;

/** The finest schedule `Deno.cron` takes: once a minute, as the timers ran before it. */
export const EVERY_MINUTE = "* * * * *";

/** How long one cron run of mail delivery keeps going while there is more to send. */
const MAIL_RUN_BUDGET_MS = 50_000;

/**
 * One run of each background job. Each is safe in several isolates at once: they coordinate
 * through KV (a mail is claimed before it is sent, a notice marked in the commit that queues it,
 * a campaign's cursor moves in one commit, a payment ends as one order).
 */
const JOBS: Record<string, (services: Services, signal: AbortSignal) => Promise<unknown>> = {
  "mail-delivery": async ({ mailer, orderTracking }, signal) => {
    // "Find my orders" requests become their mails first (queued in the outbox).
    await orderTracking.settle();
    // On Deploy an isolate may sleep once the handler returns: send while there is more.
    const until = Date.now() + MAIL_RUN_BUDGET_MS;
    while (await mailer.flush() > 0 && Date.now() < until && !signal.aborted) {
      // next pass
    }
  },
  "newsletters": ({ newsletterSender }) => newsletterSender.wake(),
  // E-invoices and e-reports to the approved platform, in order, from one instance at a time.
  "approved-platform": ({ platform }) => platform.pass(),
  "restock-notices": ({ restock }) => restock.wake(),
  // Overdue invoices' reminders: each queued once, in the commit that marks it (any instance).
  "payment-reminders": ({ receivables }) => receivables.wake(),
  // Public buyers' invoices to Chorus Pro: deposited once, then followed (when configured).
  "einvoices": async ({ chorusPro }) => {
    if (chorusPro) await chorusPro.tick();
  },
  "checkout-sweep": async ({ checkout }) => {
    const started = performance.now();
    const counts = await checkout.sweep();
    const durationMs = Math.round(performance.now() - started);
    log.info("job done", { job: "checkout-sweep", ...counts, durationMs });
  },
};

export const JOB_NAMES = Object.keys(JOBS);

/** `Deno.cron` when this runtime has it (Deno Deploy, or the CLI with `--unstable-cron`). */
export function availableCron(): Cron | null {
  const cron = (Deno as { cron?: unknown }).cron;
  return typeof cron === "function" ? cron as Cron : null;
}

/**
 * The background jobs (mail delivery, newsletters, restock notices, the checkout sweep). With
 * `Deno.cron` they are registered at once, before anything is awaited: Deno Deploy reads a
 * deployment's crons while its module starts, and runs them without traffic, when no timer of
 * an idle isolate would fire. Their handlers wait for `start`. Without it, the services' own
 * timers run them, once a minute, in every process. Either way each runs once at start (what a
 * restart missed) and one run of a job at a time per process. `intervalMs`: the timers' period.
 */
export function createJobs(
  cron: Cron | null = availableCron(),
  options: { intervalMs?: number } = {},
) {
  const intervalMs = options.intervalMs ?? 60_000;
  const stopping = new AbortController();
  const { promise: services, resolve: ready } = Promise.withResolvers<Services>();
  const running = new Map<string, Promise<void>>();

  /** Runs a job unless it is already running here (then waits for that run). */
  function run(name: string, s: Services): Promise<void> {
    const current = running.get(name);
    if (current) return current;
    const pass = JOBS[name](s, stopping.signal)
      .then(() => {})
      .catch((err) => log.error("job failed", { job: name }, err))
      .finally(() => running.delete(name));
    running.set(name, pass);
    return pass;
  }

  if (cron) {
    for (const name of JOB_NAMES) {
      // A refusal may come at once (a name already taken in this process) or later.
      const registered = Promise.try(() =>
        cron(`shop-${name}`, EVERY_MINUTE, { signal: stopping.signal }, async () => {
          const s = await services;
          if (!stopping.signal.aborted) await run(name, s);
        })
      );
      registered.catch((err) => log.error("cron registration failed", { job: name }, err));
    }
  }

  return {
    /** How the jobs are scheduled in this process. */
    scheduler: cron ? "Deno.cron" as const : "timers" as const,

    /** Hands the jobs their services and runs each once. */
    start(s: Services) {
      log.info("background jobs scheduled", {
        scheduler: cron ? "Deno.cron" : "timers",
        jobs: JOB_NAMES,
      });
      if (cron) {
        ready(s);
        for (const name of JOB_NAMES) run(name, s);
        return;
      }
      s.mailer.start(intervalMs);
      s.mailer.wake();
      s.orderTracking.start(intervalMs);
      s.checkout.startSweeps(intervalMs);
      s.restock.start(intervalMs);
      s.newsletterSender.start(intervalMs);
      s.platform.start(intervalMs);
    },

    /** Unregisters the crons of a start that failed before the jobs began. */
    cancel() {
      stopping.abort();
    },

    /** Resolves once the runs going on now in this process are over. */
    async settled() {
      await Promise.all(running.values());
    },

    /** Unregisters the crons; each job stops at its next safe point (the rest waits in KV). */
    async stop(s: Services) {
      stopping.abort();
      await Promise.all([
        s.checkout.stop(),
        s.restock.stop(),
        s.newsletterSender.stop(),
        s.mailer.stop(),
        s.orderTracking.stop(),
        s.platform.stop(),
        ...running.values(),
      ]);
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
