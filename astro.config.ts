import { defineConfig, passthroughImageService } from "astro/config";
import preact from "@astrojs/preact";
import tailwindcss from "@tailwindcss/vite";
import denoServer from "./src/server/adapter.ts";
import { CSP_DIRECTIVES, SCRIPT_SOURCES } from "./src/http/security-headers.ts";

/**
 * Astro writes its island rule (`astro-island{display:contents}`) as a <style> just before the
 * first island, inside <body>, where the HTML checker refuses it. The same rule is in
 * src/styles/global.css, loaded in <head>; this drops the inline copy from the island loader.
 */
function islandStylesInHead() {
  return {
    name: "island-styles-in-head",
    transform(code: string, id: string) {
      if (!id.replaceAll("\\", "/").endsWith("astro/dist/runtime/server/scripts.js")) return;
      const inline = "<style>${ISLAND_STYLES}</style>";
      if (!code.includes(inline)) {
        throw new Error("astro's island prescripts changed: see astro.config.ts");
      }
      return code.replace(inline, "");
    },
  };
}

/**
 * Astro's Preact client fetches @preact/signals (3 KB) for islands given a signal as a prop.
 * No island here is (the shared state is browser/state/store.ts): this drops that import, so
 * every page with an island does not carry it. An island given a signal would fail loudly.
 */
function preactClientWithoutSignals() {
  return {
    name: "preact-client-without-signals",
    transform(code: string, id: string) {
      if (!id.replaceAll("\\", "/").endsWith("@astrojs/preact/dist/client.js")) return;
      const load = 'const { signal } = await import("@preact/signals");';
      if (!code.includes(load)) {
        throw new Error("@astrojs/preact's client changed: see astro.config.ts");
      }
      return code.replace(load, 'throw new Error("signal props are not supported");');
    },
  };
}

/**
 * The browser's chunks. Left to itself the bundler makes one chunk per set of islands sharing
 * code: /shop loaded 20 files, each compressed on its own. Grouped, there are a few: Preact
 * (with Astro's Preact client), the shop's islands (the product pages' and /shop's, one chunk a
 * visitor going from one to the other loads once), the site's page script with the cart store
 * (every public page loads both: one file, 165 B less than two), and the small modules every
 * page, the back office and the demo form share. A group takes along what its modules import,
 * unless a group of higher priority has it: so the pages without a shop island never load its
 * code, and the pages without an island never load Preact. The card field of each payment
 * provider (islands/checkout/) stays out of the shop's chunk, in its checkout island's: /shop
 * loads the one its server uses, a product page neither. A module islands of the shop and of the
 * back office both import belongs in a group (the form field is in Preact's): left out, the shop
 * group would take it along, and the back office would load the shop's chunk.
 */
const SHOP_MODULE =
  /src[\\/](islands[\\/](CartDrawer|Checkout|ProductPurchase|ShopCatalog|use-hydrated|use-store|shop[\\/]\w+)|browser[\\/]state[\\/](cart|checkout)|domain[\\/](cart-stock|payment-errors|shop-product|stock-notification-request))\.tsx?$/;
const CLIENT_CHUNKS = {
  groups: [
    // With Preact, the form field and the modal frame the islands of the shop and of the back
    // office share: one file less to fetch and compress on their pages.
    {
      name: "preact",
      test:
        /node_modules[\\/](preact|@astrojs[\\/]preact)[\\/]|src[\\/](ui[\\/]FormField|islands[\\/](ModalFrame|use-modal))\.tsx?$/,
      priority: 3,
    },
    {
      name: "common",
      test:
        /src[\\/](ui[\\/]icons|browser[\\/](toaster|state[\\/](store|toasts))|domain[\\/](country-code|email-pattern|money)|i18n[\\/](client|fill|format|locales))\.ts$/,
      priority: 2,
    },
    // The header's and newsletter's script (Site.astro's) and the cart store it reads, which the
    // shop's islands import from it.
    {
      name: "site",
      test:
        /src[\\/](browser[\\/]state[\\/]cart-store\.ts|domain[\\/]cart\.ts|layouts[\\/]Site\.astro\?astro&type=script)/,
      priority: 2,
    },
    { name: "shop", test: SHOP_MODULE, priority: 1 },
  ],
};

export default defineConfig({
  output: "server",
  site: process.env.PUBLIC_SITE_URL ?? "http://localhost:8000",
  adapter: denoServer(),
  i18n: {
    locales: ["en", "fr"],
    defaultLocale: "en",
    // English at the spec's routes, French under /fr/ with the same slugs: src/pages/fr/ holds
    // a French shell per page (src/i18n/locales.ts builds the paths).
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [preact({ compat: true })],
  build: { inlineStylesheets: "never" },
  image: {
    service: passthroughImageService(),
    // The site serves its images as they are. Astro's /_image endpoint fetched any "local" URL
    // from the origin the request's Host named (a request forgery): in its place, a 404.
    endpoint: { route: "/_image", entrypoint: "./src/server/no-image-endpoint.ts" },
  },
  security: {
    // The API checks its own origins; Astro renders pages only.
    checkOrigin: false,
    // Each page's whole policy with the hashes of its inline scripts and styles: the header of a
    // server-rendered page, a <meta> in a prerendered one (see src/http/security-headers.ts).
    csp: {
      directives: [...CSP_DIRECTIVES],
      scriptDirective: { resources: [...SCRIPT_SOURCES] },
      styleDirective: { resources: ["'self'"] },
    },
  },
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss(), islandStylesInHead(), preactClientWithoutSignals()],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: { codeSplitting: CLIENT_CHUNKS },
          },
        },
      },
    },
  },
});
