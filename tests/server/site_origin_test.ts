import { assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { makeAsset } from "../../src/http/static.ts";
import { builtOrigin, siteOriginProblem } from "../../src/server/site-origin.ts";

async function builtFor(origin: string) {
  const html = `<!doctype html><head><link rel="canonical" href="${origin}/home"></head>`;
  return new Map([
    ["/index.html", await makeAsset(new TextEncoder().encode(html), "text/html; charset=utf-8")],
  ]);
}

Deno.test("[server] the built pages' origin is read from their canonical link", async () => {
  assertEquals(builtOrigin(await builtFor("https://shop.example")), "https://shop.example");
  assertEquals(builtOrigin(new Map()), null);
});

Deno.test("[server] production needs PUBLIC_SITE_URL and pages built for that origin", () => {
  const production = (siteUrl: string) => ({ shopEnv: "production" as const, siteUrl });
  assertStringIncludes(
    siteOriginProblem(production("http://localhost:8000"), "http://localhost:8000")!,
    "needs PUBLIC_SITE_URL",
  );
  assertStringIncludes(
    siteOriginProblem(production("https://shop.example"), "http://localhost:38013")!,
    "built for http://localhost:38013",
  );
  assertEquals(
    siteOriginProblem(production("https://shop.example/"), "https://shop.example"),
    null,
  );
  assertEquals(
    siteOriginProblem({ shopEnv: "development", siteUrl: "http://localhost:9" }, "http://x"),
    null,
    "development runs on any port",
  );
});
