import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest } from "../_lib/browser.ts";

browserTest("[browser] /home and /shop render real server content", async ({ newPage }) => {
  const page = await newPage();

  const home = await page.goto("/home");
  assertEquals(home?.status(), 200);
  assertEquals(await page.locator("header nav[aria-label=Main] a", { hasText: "Shop" }).count(), 1);
  assert((await page.title()).includes("Vectra"));

  const shop = await page.goto("/shop");
  assertEquals(shop?.status(), 200);
  assertEquals(await page.title(), "Shop | Vectra");
  assertStringIncludes(await page.locator("h1").innerText(), "Electronic Development Solutions");
  const cards = page.locator("[data-testid=product-grid] article");
  assert((await cards.count()) >= 5, "the demo products are rendered");
  const board = cards.filter({ hasText: "Vectra DSP Board" });
  assertStringIncludes(await board.innerText(), "€600.00");
  assertEquals(await board.locator("li").count(), 2, "a card shows the first 2 features");

  // The header gets its shadow after 10 px of scroll (the island is hydrated).
  await page.locator("header[data-scrolled]").waitFor();
  await page.mouse.wheel(0, 400);
  await page.locator("header[data-scrolled=true]").waitFor({ timeout: 5000 });

  const headers = shop!.headers();
  assertStringIncludes(headers["content-security-policy"], "frame-ancestors 'none'");
  assertEquals(headers["x-content-type-options"], "nosniff");
  assertEquals(page.problems, [], "no console errors (CSP violations included)");
});
