import { assertEquals } from "../_lib/assert.ts";
import { startBuiltServer } from "../_lib/server.ts";

const links = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([\w-]+)")? href="([^"]+)"/g)]
      .map((m) => [m[2] ?? m[1], new URL(m[3]).pathname]),
  );

Deno.test({
  name:
    "[server] not found in either language: 404 for an unknown product or a wrong order link, the order's private headers kept, canonical and hreflang both ways",
  sanitizeResources: false,
  async fn() {
    const server = await startBuiltServer();
    try {
      for (const lang of ["", "/fr"]) {
        const product = await fetch(`${server.url}${lang}/shop/unknown`);
        const html = await product.text();
        assertEquals(product.status, 404, `${lang}/shop/unknown`);
        assertEquals(html.match(/<html lang="(\w+)"/)?.[1], lang ? "fr" : "en");

        const order = await fetch(`${server.url}${lang}/orders/MB-000001?t=not-the-token`);
        const text = await order.text();
        assertEquals(order.status, 404, `${lang}/orders/... with a wrong token`);
        assertEquals(order.headers.get("cache-control"), "private, no-store");
        assertEquals(order.headers.get("referrer-policy"), "no-referrer", "the token stays here");
        assertEquals(order.headers.get("x-robots-tag"), "noindex");
        assertEquals(text.match(/<html lang="(\w+)"/)?.[1], lang ? "fr" : "en");

        const unknown = await fetch(`${server.url}${lang}/no-such-page`);
        assertEquals(unknown.status, 404);
        assertEquals(links(await unknown.text()), {
          canonical: `${lang}/no-such-page`,
          en: "/no-such-page",
          fr: "/fr/no-such-page",
          "x-default": "/no-such-page",
        });
        assertEquals(links(html), {
          canonical: `${lang}/404`,
          en: "/404",
          fr: "/fr/404",
          "x-default": "/404",
        });
      }
    } finally {
      await server.stop();
    }
  },
});
