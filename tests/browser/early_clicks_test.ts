import { assert, assertEquals } from "../_lib/assert.ts";
import type { Page } from "playwright-core";
import { browserTest } from "../_lib/browser.ts";

const BOARD = "Vectra DSP Board";
const SHIELD = "3-Phase Motor Driver Shield";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" }).locator("div");

/**
 * Holds the page's JavaScript modules (the islands, the header's script) until `release()`, as a
 * slow network or phone would: only early-clicks.js, a plain script of the head, comes at once.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    if (!route.request().url().includes("early-clicks")) await held;
    await route.continue();
  });
  return release;
}

browserTest(
  "[browser] shop at 390 px: 'Add to Cart' clicked before the shop's script has loaded is kept, shown as waiting, and done once it has (/shop and a product page)",
  async ({ newPage }) => {
    const page = await newPage(PHONE);
    let release = await holdScripts(page);
    await page.goto("/shop", { waitUntil: "commit" });
    const card = page.locator("[data-testid=product-grid] article").filter({ hasText: BOARD });
    const add = card.getByRole("button", { name: "Add to Cart" });
    await add.waitFor();
    const catalog = page.locator("astro-island[component-url*=ShopCatalog]");
    assertEquals(await catalog.getAttribute("ssr"), "", "the shop's script has not run yet");
    await add.click();
    assertEquals(await add.getAttribute("aria-busy"), "true", "the button says it is waiting");
    release();
    await toast(page).filter({ hasText: `${BOARD} added to cart!` }).waitFor();
    await page.getByRole("button", { name: "View Cart (1)" }).waitFor();
    await page.locator("[data-testid=header-cart]", { hasText: "1" }).waitFor();
    assertEquals(await add.getAttribute("aria-busy"), null);

    // A product page: each early click counts, as it would once the page is ready.
    await page.unrouteAll();
    release = await holdScripts(page);
    await page.goto("/shop/vectra-dsp-board", { waitUntil: "commit" });
    const buy = page.getByRole("button", { name: "Add to Cart" });
    await buy.waitFor();
    await buy.click();
    await buy.click();
    release();
    await page.locator("[data-testid=header-cart]", { hasText: "3" }).waitFor();
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem("cart")!));
    assertEquals(saved.items.map((i: { quantity: number }) => i.quantity), [3]);
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] cart in two tabs at 390 px: a tab that has not heard of a fresh country choice does not write its older cart over it",
  async ({ browser, server }) => {
    const context = await browser.newContext({ ...PHONE, baseURL: server.url });
    const [a, b] = [await context.newPage(), await context.newPage()];
    // Tab B hears of tab A's changes late (a storage event is delivered after the fact; here it
    // is held), as a tab that acts in between does.
    await b.addInitScript(() =>
      addEventListener("storage", (e) => e.stopImmediatePropagation(), { capture: true })
    );
    for (const page of [a, b]) {
      await page.goto("/shop");
      await page.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
        state: "attached",
      });
    }
    const card = (page: Page, title: string) =>
      page.locator("[data-testid=product-grid] article").filter({ hasText: title })
        .getByRole("button", { name: "Add to Cart" });
    await card(a, BOARD).click();
    await a.getByRole("button", { name: "View Cart (1)" }).click();
    const drawer = a.getByRole("dialog", { name: "Shopping Cart" });
    await drawer.getByLabel("Shipping country").selectOption("France");
    await drawer.locator("[data-testid=cart-shipping]", { hasText: "9.90 EUR" }).waitFor();
    const proceed = drawer.getByRole("button", { name: "Proceed to Checkout" });
    assert(await proceed.isEnabled(), "France chosen: checkout open");

    // Tab B, still showing the cart without France, adds a product.
    await b.waitForFunction(() => localStorage.getItem("cart")?.includes("France"));
    await card(b, SHIELD).click();
    await toast(b).filter({ hasText: `${SHIELD} added to cart!` }).waitFor();

    // Tab A follows B's change and keeps its own: both lines, France, checkout still open.
    await drawer.locator("[data-testid=cart-line]", { hasText: SHIELD }).waitFor();
    assertEquals(await drawer.locator("[data-testid=cart-line]").count(), 2, "A's line kept");
    assertEquals(await drawer.getByLabel("Shipping country").inputValue(), "France");
    assert((await drawer.locator("[data-testid=cart-shipping]").innerText()).includes("9.90 EUR"));
    assert(await proceed.isEnabled(), "the fresh choice was not written over");
    const saved = JSON.parse(await b.evaluate(() => localStorage.getItem("cart")!));
    assertEquals(saved.selectedCountry, "France");
    assertEquals(saved.items.length, 2);
    await context.close();
  },
);
