import { type Config, loadConfig, onDeploy } from "../services/config.ts";
import { createServices } from "../services/container.ts";
import { log } from "../services/log.ts";
import { stripeKeyProblem } from "../services/payments/key-policy.ts";
import { securityConfigProblem } from "../services/security-config.ts";
import { seedIfEmpty } from "../services/seed.ts";
import { sellerProblem, transferProblem } from "../services/invoicing.ts";
import { legalNoticeProblem } from "../services/legal-identity.ts";
import { openKv } from "../store/kv.ts";
import { createFrontDoor, type RenderPage } from "./front-door.ts";
import { builtOrigin, siteOriginProblem } from "./site-origin.ts";
import { createJobs } from "./jobs.ts";
import { createGracefulStop, DEPLOY_STOP_BOUND_MS, STOP_BOUND_MS } from "./shutdown.ts";
import { loadStaticAssets } from "../http/static.ts";

/**
 * What a start awaits before it listens: the built files (checked against the configured
 * origin), the KV and its services, and the once-per-KV work that must precede order writes.
 */
async function prepare(config: Config, clientDir: URL) {
  const assets = await loadStaticAssets(clientDir);
  const originProblem = siteOriginProblem(config, builtOrigin(assets));
  if (originProblem) throw new Error(`Refusing to start: ${originProblem}`);
  const kv = await openKv(config.kvPath, { accessToken: config.kvAccessToken });
  const services = createServices(kv, config);
  // Each runs once per KV (a marker: one read on later starts), side by side. The order indexes
  // and aggregates must be complete before orders are written, so they are awaited.
  await Promise.all([
    seedIfEmpty(services),
    services.orders.ensureIndexes(),
    services.orderStats.ensureBuilt(),
    services.invoices.ensureDayIndex(),
    services.openAccounts.ensureBuilt(),
  ]);
  return { assets, kv, services };
}

/**
 * Starts the whole site: registers the background jobs (crons first: Deno Deploy reads them as
 * the module starts), opens KV, seeds an empty one, loads built files, serves on PORT, then
 * starts the jobs. On SIGINT/SIGTERM: answers what it accepted and stops accepting (see
 * shutdown.ts), stops each job at its next safe point (what is left stays in KV for the next
 * start), then closes KV and exits 0.
 */
export async function startServer(
  render: RenderPage,
  clientDir: URL,
  config: Config = loadConfig(),
) {
  log.setLevel(config.logLevel);
  log.debug("Modules loaded", { startMs: Math.round(performance.now()) });
  const secretsProblem = securityConfigProblem(config);
  if (secretsProblem) throw new Error(`Refusing to start: ${secretsProblem}`);
  const keyProblem = stripeKeyProblem(config);
  if (keyProblem) throw new Error(`Refusing to start: ${keyProblem}`);
  const sellerMissing = sellerProblem(config);
  if (sellerMissing) throw new Error(`Refusing to start: ${sellerMissing}`);
  const noticeMissing = legalNoticeProblem(config);
  if (noticeMissing) throw new Error(`Refusing to start: ${noticeMissing}`);
  const transfersMissing = transferProblem(config);
  if (transfersMissing) throw new Error(`Refusing to start: ${transfersMissing}`);
  // Registered once the settings are known good and before anything is awaited (see jobs.ts).
  const jobs = createJobs();
  const { assets, kv, services } = await prepare(config, clientDir).catch((err) => {
    jobs.cancel(); // a failed start leaves no cron behind
    throw err;
  });
  const handle = createFrontDoor(services, assets, render);

  const graceful = createGracefulStop();
  const server = Deno.serve(
    {
      port: config.port,
      hostname: Deno.env.get("HOST") ?? "0.0.0.0",
      // startMs: since the process started (module loading included): the cold start.
      onListen: ({ port }) =>
        log.info(`Listening on http://localhost:${port}`, {
          port,
          startMs: Math.round(performance.now()),
        }),
    },
    graceful.handler((req, info) => handle(req, (info.remoteAddr as Deno.NetAddr).hostname)),
  );
  jobs.start(services);
  // Subscribers stored before their indexes, indexed in checked commits beside the traffic
  // (50,000 take about 20 s): no start waits for it.
  services.subscribers.ensureIndexes()
    .catch((err) => log.error("job failed", { job: "subscriber-indexes" }, err));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("Shutting down: answering accepted requests, then stopping the jobs", { signal });
    const boundMs = onDeploy() ? DEPLOY_STOP_BOUND_MS : STOP_BOUND_MS;
    if (!(await graceful.stop(server, boundMs))) {
      log.warn("Stopped waiting for requests", { boundMs });
    }
    await jobs.stop(services);
    kv.close();
    log.info("Stopped");
    Deno.exit(0);
  };
  // Deno Deploy asks an instance to stop with SIGINT; systemd, Docker and Kubernetes with SIGTERM.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => stop(signal));
  }
  return server;
}
