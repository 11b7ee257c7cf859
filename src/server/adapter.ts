import type { AstroIntegration } from "astro";

/** Astro integration that builds our own Deno server entry (src/server/entry.ts). */
export default function denoServer(): AstroIntegration {
  return {
    name: "deno-server",
    hooks: {
      "astro:config:done": ({ setAdapter }) => {
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
    },
  };
}
