import type { AstroIntegration } from "astro";
import { precompressFiles } from "../http/static.ts";

/**
 * Astro integration that builds our own Deno server entry (src/server/entry.ts), and
 * compresses the built files once after the build so the server does not at start-up.
 */
export default function denoServer(): AstroIntegration {
  let clientDir: URL | undefined;
  return {
    name: "deno-server",
    hooks: {
      "astro:config:done": ({ config, setAdapter }) => {
        clientDir = config.build.client;
        setAdapter({
          name: "deno-server",
          serverEntrypoint: new URL("./entry.ts", import.meta.url),
          entrypointResolution: "auto",
          supportedAstroFeatures: {
            serverOutput: "stable",
            hybridOutput: "stable",
            staticOutput: "stable",
          },
        });
      },
      "astro:build:done": async ({ logger }) => {
        if (!clientDir) return;
        const count = await precompressFiles(clientDir);
        logger.info(`compressed ${count} built files (gzip and brotli)`);
      },
    },
  };
}
