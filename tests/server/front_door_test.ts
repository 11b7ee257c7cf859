import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { withServices } from "../_lib/services.ts";
import { createFrontDoor, type RenderPage } from "../../src/server/front-door.ts";
import { loadStaticAssets, makeAsset, precompressFiles } from "../../src/http/static.ts";
import { PAGE_CACHE_HEADER } from "../../src/services/catalog.ts";

const html = (text: string) => new TextEncoder().encode(`<!doctype html><p>${text}</p>`);

async function assets() {
  return new Map([
    ["/index.html", await makeAsset(html("home ".repeat(200)), "text/html; charset=utf-8")],
    ["/_astro/app.css", await makeAsset(html("css"), "text/css; charset=utf-8", true)],
  ]);
}

Deno.test("[server] built files are served from memory, compressed, with ETag and 304", () =>
  withServices(async ({ services }) => {
    const handle = createFrontDoor(
      services,
      await assets(),
      () => Promise.resolve(new Response("page")),
    );
    const res = await handle(
      new Request("http://localhost/", { headers: { "Accept-Encoding": "gzip, br" } }),
    );
    assertEquals(res.status, 200);
    assertEquals(res.headers.get("content-encoding"), "br");
    assertEquals(res.headers.get("x-content-type-options"), "nosniff");
    assertStringIncludes(res.headers.get("content-security-policy")!, "frame-ancestors 'none'");
    assertEquals(res.headers.get("strict-transport-security"), null, "no HSTS over http");
    await res.body?.cancel();
    const again = await handle(
      new Request("http://localhost/", { headers: { "If-None-Match": res.headers.get("etag")! } }),
    );
    assertEquals(again.status, 304);
    const css = await handle(new Request("http://localhost/_astro/app.css"));
    assertStringIncludes(css.headers.get("cache-control")!, "immutable");
    await css.body?.cancel();
  }));

Deno.test("[server] HSTS is sent over https", () =>
  withServices(async ({ services }) => {
    const handle = createFrontDoor(services, await assets(), () =>
      Promise.resolve(new Response("page")));
    const res = await handle(new Request("https://localhost/"));
    await res.body?.cancel();
    assertStringIncludes(res.headers.get("strict-transport-security")!, "max-age=");
  }));

Deno.test("[server] /api goes to the API, other paths to the page renderer", () =>
  withServices(async ({ services }) => {
    const handle = createFrontDoor(
      services,
      await assets(),
      (req) =>
        Promise.resolve(
          new Response(`rendered ${new URL(req.url).pathname}`, {
            status: 404,
            headers: { "Content-Type": "text/html" },
          }),
        ),
    );
    const api = await handle(new Request("http://localhost/api/shipping/countries"));
    assertEquals(api.status, 200);
    assertEquals(api.headers.get("x-content-type-options"), "nosniff");
    assert(Array.isArray(await api.json()));
    const page = await handle(new Request("http://localhost/nope"));
    assertEquals(page.status, 404);
    assertEquals(await page.text(), "rendered /nope");
    assertStringIncludes(page.headers.get("content-security-policy")!, "frame-ancestors");
  }));

Deno.test("[server] catalogue pages are cached until the catalogue changes", () =>
  withServices(async ({ services }) => {
    let renders = 0;
    const render: RenderPage = async ({ url }, locals) => {
      renders++;
      const names = (await locals.services.catalog.list()).map((p) => p.name).join(", ");
      return new Response(`<p>${names}</p>`, {
        headers: { "Content-Type": "text/html", [PAGE_CACHE_HEADER]: "catalog", "X-Url": url },
      });
    };
    const handle = createFrontDoor(services, await assets(), render);
    const first = await (await handle(new Request("http://localhost/shop"))).text();
    const second = await handle(new Request("http://localhost/shop"));
    assertEquals(await second.text(), first);
    assertEquals(renders, 1, "second request served from the cache");
    assertEquals(second.headers.get(PAGE_CACHE_HEADER), null, "the opt-in header is not sent out");

    const [board] = await services.products.list();
    await services.products.update(board.id, { name: "Renamed Board" });
    services.catalog.invalidate();
    const third = await (await handle(new Request("http://localhost/shop"))).text();
    assertStringIncludes(third, "Renamed Board");
    assertEquals(renders, 2);

    // Query strings are never served from the cache.
    await (await handle(new Request("http://localhost/shop?x=1"))).text();
    assertEquals(renders, 3);
  }));

Deno.test("[server] the build's precompressed files are used as they are, never served alone", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/_astro`);
    await Deno.writeTextFile(`${dir}/_astro/site.css`, "a{color:red}".repeat(200));
    await Deno.writeTextFile(`${dir}/tiny.txt`, "small");
    const root = new URL(`file://${dir}/`);
    assertEquals(await precompressFiles(root), 1, "only files worth compressing");
    // Marker bytes prove the server takes the build's encoding instead of compressing again.
    await Deno.writeFile(`${dir}/_astro/site.css.br`, new Uint8Array([1, 2, 3]));
    const loaded = await loadStaticAssets(root);
    assertEquals([...loaded.keys()].sort(), ["/_astro/site.css", "/tiny.txt"]);
    assertEquals([...loaded.get("/_astro/site.css")!.br!], [1, 2, 3]);
    assertEquals(loaded.get("/tiny.txt")!.br, undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("[server] a page's own Referrer-Policy is kept (the order page's no-referrer); others get the default", () =>
  withServices(async ({ services }) => {
    const handle = createFrontDoor(services, await assets(), (req) => {
      const own = new URL(req.url).pathname === "/orders/ORD-000001";
      return Promise.resolve(
        new Response("<!doctype html><p>order</p>", {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            ...(own ? { "Referrer-Policy": "no-referrer" } : {}),
          },
        }),
      );
    });
    const order = await handle(new Request("http://localhost/orders/ORD-000001?t=abc"));
    await order.body?.cancel();
    assertEquals(order.headers.get("referrer-policy"), "no-referrer");
    const other = await handle(new Request("http://localhost/about-us"));
    await other.body?.cancel();
    assertEquals(other.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
  }));
