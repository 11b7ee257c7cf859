import { defineConfig, passthroughImageService } from "astro/config";
import preact from "@astrojs/preact";
import tailwindcss from "@tailwindcss/vite";
import denoServer from "./src/server/adapter.ts";

export default defineConfig({
  output: "server",
  site: process.env.PUBLIC_SITE_URL ?? "http://localhost:8000",
  adapter: denoServer(),
  integrations: [preact({ compat: true })],
  build: { inlineStylesheets: "never" },
  image: { service: passthroughImageService() },
  security: {
    // The API checks its own origins; Astro renders pages only.
    checkOrigin: false,
    // A <meta> CSP with the hashes of Astro's inline scripts; the server adds the header policy.
    csp: { scriptDirective: { resources: ["'self'", "https://js.stripe.com"] } },
  },
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss()],
  },
});
