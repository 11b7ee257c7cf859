import { type Config, loadConfig } from "../services/config.ts";
import { createServices } from "../services/container.ts";
import { log } from "../services/log.ts";
import { stripeKeyProblem } from "../services/payments/key-policy.ts";
import { securityConfigProblem } from "../services/security-config.ts";
import { seedIfEmpty } from "../services/seed.ts";
import { sellerProblem } from "../services/invoicing.ts";
import { openKv } from "../store/kv.ts";
import { createFrontDoor, type RenderPage } from "./front-door.ts";
import { builtOrigin, siteOriginProblem } from "./site-origin.ts";
import { loadStaticAssets } from "./static.ts";

/**
 * Starts the whole site: opens KV, seeds an empty one, loads built files, starts the background
 * jobs (mail delivery, checkout sweep), serves on PORT. On SIGINT/SIGTERM: stops accepting,
 * lets in-flight requests finish, stops each job at its next safe point (what is left stays in
 * KV for the next start), then closes KV.
 */
export async function startServer(
  render: RenderPage,
  clientDir: URL,
  config: Config = loadConfig(),
) {
  log.setLevel(config.logLevel);
  const secretsProblem = securityConfigProblem(config);
  if (secretsProblem) throw new Error(`Refusing to start: ${secretsProblem}`);
  const keyProblem = stripeKeyProblem(config);
  if (keyProblem) throw new Error(`Refusing to start: ${keyProblem}`);
  const sellerMissing = sellerProblem(config);
  if (sellerMissing) throw new Error(`Refusing to start: ${sellerMissing}`);
  const assets = await loadStaticAssets(clientDir);
  const originProblem = siteOriginProblem(config, builtOrigin(assets));
  if (originProblem) throw new Error(`Refusing to start: ${originProblem}`);
  const kv = await openKv(config.kvPath);
  const services = createServices(kv, config);
  await seedIfEmpty(services);
  await services.orders.ensureIndexes();
  await services.orderStats.ensureBuilt();
  await services.subscribers.ensureIndexes();
  const handle = createFrontDoor(services, assets, render);
  services.mailer.start();
  services.mailer.wake();
  services.checkout.startSweeps();
  services.restock.start();
  services.newsletterSender.start();

  const controller = new AbortController();
  const server = Deno.serve({
    port: config.port,
    hostname: Deno.env.get("HOST") ?? "0.0.0.0",
    signal: controller.signal,
    onListen: ({ port }) => log.info(`Listening on http://localhost:${port}`, { port }),
  }, (req, info) => handle(req, (info.remoteAddr as Deno.NetAddr).hostname));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("Shutting down: finishing in-flight requests", { signal });
    controller.abort();
    await server.finished;
    await Promise.all([
      services.checkout.stop(),
      services.restock.stop(),
      services.newsletterSender.stop(),
      services.mailer.stop(),
    ]);
    kv.close();
    log.info("Stopped");
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", () => stop("SIGINT"));
  Deno.addSignalListener("SIGTERM", () => stop("SIGTERM"));
  return server;
}
