import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import type { Page } from "playwright-core";
import { browserTest } from "../_lib/browser.ts";

const BOARD = "Vectra DSP Board";
const SHIELD = "3-Phase Motor Driver Shield";
const SOLD_OUT = "Encoder & Hall Sensor Kit";

const toast = (page: Page) => page.getByRole("region", { name: "Notifications" }).locator("div");

browserTest(
  "[browser] shop: add two products, change a quantity, pick a country, reload and keep the cart",
  async ({ newPage }) => {
    const page = await newPage();
    const res = await page.goto("/shop");
    const html = await res!.text();
    // The spinner's words are in the page's messages (JSON, for the browser); its markup is not.
    assert(!html.includes("animate-spin"), "no spinner on a normal load");
    assertStringIncludes(html, BOARD, "products are in the server HTML");

    const card = (title: string) =>
      page.locator("[data-testid=product-grid] article").filter({ hasText: title });
    await page.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
      state: "attached",
    });
    await card(BOARD).getByRole("button", { name: "Add to Cart" }).click();
    await toast(page).filter({ hasText: `${BOARD} added to cart!` }).waitFor();
    await card(SHIELD).getByRole("button", { name: "Add to Cart" }).click();
    await toast(page).filter({ hasText: `${SHIELD} added to cart!` }).waitFor();
    await page.getByRole("button", { name: "View Cart (2)" }).waitFor();
    await page.locator("[data-testid=header-cart]", { hasText: "2" }).waitFor();

    await page.getByRole("button", { name: "View Cart (2)" }).click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    await drawer.waitFor();
    assertEquals(await drawer.locator("[data-testid=cart-line]").count(), 2);
    await drawer.getByRole("button", { name: `Increase quantity of ${SHIELD}` }).click();
    await drawer.getByLabel(`Quantity of ${SHIELD}`, { exact: true }).fill("3");
    await drawer.getByLabel(`Quantity of ${SHIELD}`, { exact: true }).press("Tab");
    // 600 + 3 × 149 = 1047
    await drawer.locator("[data-testid=cart-subtotal]", { hasText: "€1,047.00" }).waitFor();
    const proceed = drawer.getByRole("button", { name: "Proceed to Checkout" });
    assert(await proceed.isDisabled(), "checkout waits for a country");

    const country = drawer.getByLabel("Shipping country");
    await country.locator("option", { hasText: "France" }).waitFor({ state: "attached" });
    assert(
      !(await country.locator("option", { hasText: "Japan" }).count()),
      "an inactive fee is not offered",
    );
    await country.selectOption("France");
    await drawer.locator("[data-testid=cart-shipping]", { hasText: "9.90 EUR" }).waitFor();
    await drawer.locator("[data-testid=cart-total]", { hasText: "€1,056.90" }).waitFor();
    assert(await proceed.isEnabled(), "a chosen country enables checkout");

    await page.reload();
    await page.getByRole("button", { name: "View Cart (4)" }).waitFor();
    await page.locator("[data-testid=header-cart]", { hasText: "4" }).waitFor();
    await page.getByRole("button", { name: "View Cart (4)" }).click();
    await drawer.waitFor();
    assertEquals(
      await drawer.getByLabel(`Quantity of ${SHIELD}`, { exact: true }).inputValue(),
      "3",
    );
    assertEquals(await drawer.getByLabel("Shipping country").inputValue(), "France");
    await drawer.locator("[data-testid=cart-total]", { hasText: "€1,056.90" }).waitFor();

    // Removing a line: the info toast, and the totals follow.
    await drawer.getByRole("button", { name: `Remove ${BOARD} from cart` }).click();
    await toast(page).filter({ hasText: "Item removed from cart" }).waitFor();
    await drawer.locator("[data-testid=cart-total]", { hasText: "€456.90" }).waitFor();
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] shop: the cart drawer traps focus, closes on Escape and gives focus back",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/shop");
    await page.locator("astro-island[component-url*=CartDrawer]:not([ssr])").waitFor({
      state: "attached",
    });
    const opener = page.getByRole("button", { name: "View Cart (0)" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    await drawer.waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      assert(
        await drawer.evaluate((el) => el.contains(document.activeElement)),
        "focus stays in the drawer",
      );
    }
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    assert(await opener.evaluate((el) => el === document.activeElement), "focus returns");

    // The header's cart icon opens the same drawer.
    await page.locator("[data-testid=header-cart]").click();
    await drawer.waitFor();
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] shop: a corrupt saved cart is discarded and the page works",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/shop");
    await page.evaluate(() => localStorage.setItem("cart", '{"items":[{"id":"x","quantity":'));
    await page.reload();
    await page.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
      state: "attached",
    });
    await page.getByRole("button", { name: "View Cart (0)" }).waitFor();
    await page.locator("[data-testid=product-grid] article").first().getByRole("button", {
      name: "Add to Cart",
    }).click();
    await page.getByRole("button", { name: "View Cart (1)" }).waitFor();
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem("cart") ?? "null"));
    assertEquals(saved.items.length, 1);
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] shop: subscribe to an out-of-stock product from its card",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/shop");
    const card = page.locator("[data-testid=product-grid] article").filter({ hasText: SOLD_OUT });
    assertEquals(await card.getByRole("button", { name: "Add to Cart" }).count(), 0);
    await page.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
      state: "attached",
    });
    await card.getByRole("button", { name: "Notify When Available" }).click();
    const dialog = page.getByRole("dialog", { name: "Notify When Available" });
    await dialog.waitFor();
    const email = dialog.getByLabel("Email address");
    assert(await email.evaluate((el) => el === document.activeElement), "the field has focus");

    await dialog.getByRole("button", { name: "Notify Me" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Please enter your email address" })
      .waitFor();
    await email.fill("ada@example");
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Please enter a valid email address" })
      .waitFor();
    await email.fill("ada@example.com");
    await dialog.getByRole("button", { name: "Notify Me" }).click();
    await toast(page).filter({
      hasText: "Successfully subscribed to stock notifications!",
    }).waitFor();
    await dialog.waitFor({ state: "detached" });

    // The details modal offers the same for a product at stock 0.
    await card.getByRole("button", { name: "Details" }).click();
    const details = page.getByRole("dialog", { name: SOLD_OUT });
    await details.getByRole("button", { name: "Notify When Available" }).click();
    await dialog.waitFor();
    assertEquals(
      await dialog.getByLabel("Email address").inputValue(),
      "",
      "cleared after success",
    );
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] shop: details modal adds a quantity; product pages are indexed with Product data",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/shop");
    await page.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
      state: "attached",
    });
    const card = page.locator("[data-testid=product-grid] article").filter({ hasText: BOARD });
    await card.getByRole("button", { name: "Details" }).click();
    const details = page.getByRole("dialog", { name: BOARD });
    await details.waitFor();
    assertEquals(await details.locator("li").count(), 5, "all features");
    await details.getByLabel("Quantity").fill("2");
    await details.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("button", { name: "View Cart (2)" }).waitFor();

    const res = await page.goto("/shop/vectra-dsp-board");
    assertEquals(res?.status(), 200);
    assertEquals(await page.locator("h1").innerText(), BOARD);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks.map((b) => JSON.parse(b)).find((d) => d["@type"] === "Product");
    assertEquals(product?.offers.price, "600.00");
    assertEquals(product?.offers.priceCurrency, "EUR");
    assertEquals(product?.offers.availability, "https://schema.org/InStock");
    await page.locator("[data-testid=header-cart]", { hasText: "2" }).waitFor();

    const missing = await page.goto("/shop/no-such-product");
    assertEquals(missing?.status(), 404);
    assertEquals(page.problems.filter((p) => !p.includes("404")), []);
  },
);

const AXE = await Deno.readTextFile(
  new URL("../../node_modules/axe-core/axe.min.js", import.meta.url),
);

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE); // through the debugger, so the page's CSP does not apply
  const result = await page.evaluate(() =>
    (globalThis as unknown as {
      axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string }[] }> };
    }).axe.run(document, { runOnly: ["wcag2a", "wcag2aa"] })
  );
  return result.violations.map((v) => v.id);
}

browserTest(
  "[browser] shop: the grid, the drawer and the dialogs pass axe (WCAG 2 A/AA)",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/shop");
    await page.locator("astro-island[component-url*=CartDrawer]:not([ssr])").waitFor({
      state: "attached",
    });
    assertEquals(await axeViolations(page), [], "shop");
    const cards = page.locator("[data-testid=product-grid] article");
    await cards.filter({ hasText: BOARD }).getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("button", { name: "View Cart (1)" }).click();
    await page.getByLabel("Shipping country").selectOption("France");
    await page.locator("[data-testid=cart-shipping]", { hasText: "9.90 EUR" }).waitFor();
    assertEquals(await axeViolations(page), [], "drawer");
    await page.keyboard.press("Escape");
    await cards.filter({ hasText: BOARD }).getByRole("button", { name: "Details" }).click();
    assertEquals(await axeViolations(page), [], "details");
    await page.keyboard.press("Escape");
    await cards.filter({ hasText: SOLD_OUT }).getByRole("button", { name: "Notify When Available" })
      .click();
    assertEquals(await axeViolations(page), [], "notify dialog");
  },
);

browserTest(
  "[browser] shop: a saved cart with a vanished product or an old price is refreshed",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/shop");
    await page.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
      state: "attached",
    });
    const cards = page.locator("[data-testid=product-grid] article");
    await cards.filter({ hasText: BOARD }).getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("button", { name: "View Cart (1)" }).waitFor();
    // Let the toast go: a click closes it.
    await toast(page).filter({ hasText: `${BOARD} added to cart!` }).click();
    await toast(page).filter({ hasText: `${BOARD} added to cart!` }).waitFor({
      state: "detached",
    });

    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem("cart")!);
      const board = saved.items[0];
      saved.items = [
        { ...board, price: 1, quantity: 2 },
        { ...board, id: "gone", slug: "gone", title: "Discontinued Widget", quantity: 5 },
      ];
      localStorage.setItem("cart", JSON.stringify(saved));
    });
    // Another page first: the header counts what is saved, whatever it is.
    await page.goto("/home");
    await page.locator("[data-testid=header-cart]", { hasText: "7" }).waitFor();

    await page.goto("/shop");
    await page.getByRole("button", { name: "View Cart (2)" }).click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    await drawer.locator("[data-testid=cart-subtotal]", { hasText: "€1,200.00" }).waitFor();
    assertEquals(await drawer.locator("[data-testid=cart-line]").count(), 1);
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem("cart")!));
    assertEquals(saved.items.map((i: { price: number }) => i.price), [600]);
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] shop: the spinner shows only while the list is refreshed in the browser",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/shop");
    await page.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
      state: "attached",
    });
    assertEquals(await page.getByText("Loading products...").count(), 0);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/public/products", async (route) => {
      await held;
      await route.continue();
    });
    // What the browser fires when it shows the page again from its back-forward cache.
    await page.evaluate(() =>
      dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }))
    );
    await page.getByRole("status").filter({ hasText: "Loading products..." }).waitFor();
    release();
    await page.locator("[data-testid=product-grid] article").first().waitFor();
    assertEquals(await page.getByText("Loading products...").count(), 0);
    assert((await page.locator("[data-testid=product-grid] article").count()) >= 5);
    assertEquals(page.problems, []);
  },
);
