import { assert, assertEquals } from "../_lib/assert.ts";
import { pageJs } from "../_lib/page-js.ts";
import { startBuiltServer } from "../_lib/server.ts";
import { MARKETING_ROUTES } from "../browser/_marketing_routes.ts";

/**
 * What a visitor on a slow phone pays, all in (gzip, `import()` and inline scripts included;
 * tests/_lib/page-js.ts): at most 12 KB on a marketing page, 25 KB on /shop and a product page.
 * /request-a-demo is left out: its demo form is a Preact island with a validation chunk of its
 * own, measured by `deno task bench:js`. Needs a build (`deno task build`).
 */
const KB = 1024;
const MARKETING_BUDGET = 12 * KB;
const SHOP_BUDGET = 25 * KB;
const MARKETING = MARKETING_ROUTES.map((r) => r.path).filter((p) => p !== "/request-a-demo");

async function measure(base: string, path: string) {
  const res = await fetch(base + path);
  assertEquals(res.status, 200, path);
  return pageJs(await res.text());
}

const over = (path: string, bytes: number, budget: number) =>
  `${path}: ${(bytes / KB).toFixed(1)} KB of JavaScript, over ${budget / KB} KB`;

Deno.test({
  name: "[server] page JavaScript: marketing pages <= 12 KB without Preact, the shop <= 25 KB",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startBuiltServer();
    try {
      for (const path of MARKETING) {
        const js = await measure(server.url, path);
        assert(js.total <= MARKETING_BUDGET, over(path, js.total, MARKETING_BUDGET));
        const preact = [...js.files.keys()].filter((url) => /preact/i.test(url));
        assertEquals(preact, [], `${path} loads no framework`);
      }
      for (const path of ["/shop", "/shop/vectra-dsp-board"]) {
        const js = await measure(server.url, path);
        assert(js.total <= SHOP_BUDGET, over(path, js.total, SHOP_BUDGET));
      }
    } finally {
      await server.stop();
    }
    // A shop taking real payments has Stripe's card field in its checkout: the same budget.
    const stripe = await startBuiltServer({
      STRIPE_SECRET_KEY: "sk_test_page_js_budget",
      STRIPE_PUBLISHABLE_KEY: "pk_test_page_js_budget",
    });
    try {
      const js = await measure(stripe.url, "/shop");
      assert(js.total <= SHOP_BUDGET, over("/shop (Stripe)", js.total, SHOP_BUDGET));
      assert([...js.files.keys()].some((url) => /StripeCheckout/.test(url)), "Stripe's checkout");
    } finally {
      await stripe.stop();
    }
  },
});
