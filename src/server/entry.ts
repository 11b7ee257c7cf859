import { createApp } from "astro/app/entrypoint";
import { startServer } from "./serve.ts";
import { log } from "../services/log.ts";

const astro = createApp();

try {
  await startServer(
    (request, locals) => astro.render(request, { locals }),
    new URL("../client/", import.meta.url),
  );
} catch (err) {
  // One line that says why (a refused setting, a KV that cannot be reached), then exit 1: a
  // start that cannot succeed neither hangs nor leaves a half-started server.
  log.error("Start failed", {}, err);
  Deno.exit(1);
}
