import { createApp } from "astro/app/entrypoint";
import { startServer } from "./serve.ts";

const astro = createApp();

await startServer(
  (request, locals) => astro.render(request, { locals }),
  new URL("../client/", import.meta.url),
);
