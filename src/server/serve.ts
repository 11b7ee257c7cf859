import { type Config, loadConfig } from "../services/config.ts";
import { createServices } from "../services/container.ts";
import { stripeKeyProblem } from "../services/payments/key-policy.ts";
import { seedIfEmpty } from "../services/seed.ts";
import { openKv } from "../store/kv.ts";
import { createFrontDoor, type RenderPage } from "./front-door.ts";
import { builtOrigin, siteOriginProblem } from "./site-origin.ts";
import { loadStaticAssets } from "./static.ts";

/**
 * Starts the whole site: opens KV, seeds an empty one, loads built files, serves on PORT, and
 * on SIGINT/SIGTERM lets in-flight requests finish, then closes KV.
 */
export async function startServer(
  render: RenderPage,
  clientDir: URL,
  config: Config = loadConfig(),
) {
  const keyProblem = stripeKeyProblem(config);
  if (keyProblem) throw new Error(`Refusing to start: ${keyProblem}`);
  const assets = await loadStaticAssets(clientDir);
  const originProblem = siteOriginProblem(config, builtOrigin(assets));
  if (originProblem) throw new Error(`Refusing to start: ${originProblem}`);
  const kv = await openKv(config.kvPath);
  const services = createServices(kv, config);
  await seedIfEmpty(services);
  const handle = createFrontDoor(services, assets, render);
  services.mailer.start();
  services.mailer.wake();
  services.checkout.startSweeps();

  const controller = new AbortController();
  const server = Deno.serve({
    port: config.port,
    hostname: Deno.env.get("HOST") ?? "0.0.0.0",
    signal: controller.signal,
    onListen: ({ port }) => console.log(`Listening on http://localhost:${port}`),
  }, (req, info) => handle(req, (info.remoteAddr as Deno.NetAddr).hostname));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("Shutting down: finishing in-flight requests");
    controller.abort();
    await server.finished;
    services.checkout.stop();
    await services.mailer.stop();
    kv.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  return server;
}
