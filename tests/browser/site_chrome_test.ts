import { assert, assertEquals } from "../_lib/assert.ts";
import type { Page } from "playwright-core";
import { browserTest } from "../_lib/browser.ts";

/**
 * The header, the footer's newsletter form and the toasts: server HTML with small scripts, no
 * framework (src/scripts/site-header.ts, newsletter-form.ts, src/browser/toaster.ts).
 */
const PHONE = { viewport: { width: 390, height: 800 } };

/** The page's scripts have run (the header says whether the page is scrolled). */
const ready = (page: Page) => page.locator("header[data-scrolled]").waitFor();

browserTest(
  "[browser] header: the mobile menu opens and closes, saying so",
  async ({ newPage }) => {
    const page = await newPage(PHONE);
    await page.goto("/features");
    await ready(page);
    const menu = page.getByRole("navigation", { name: "Mobile" });
    const open = page.getByRole("button", { name: "Open menu" });
    assertEquals(await open.getAttribute("aria-expanded"), "false");
    assertEquals(await open.getAttribute("aria-controls"), "mobile-menu");
    assert(await menu.isHidden(), "closed at first");

    await open.click();
    const close = page.getByRole("button", { name: "Close menu" });
    assertEquals(await close.getAttribute("aria-expanded"), "true");
    await menu.waitFor();
    const current = menu.getByRole("link", { name: "Features" });
    assertEquals(await current.getAttribute("aria-current"), "page");

    // By keyboard: the same button closes it.
    await close.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    assert(await menu.isHidden(), "closed again");
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] header: every page shows the cart's count, kept in step across tabs",
  async ({ newPage }) => {
    const shop = await newPage();
    await shop.goto("/shop");
    await shop.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
      state: "attached",
    });
    const board = shop.locator("[data-testid=product-grid] article", {
      hasText: "Vectra DSP Board",
    });
    await board.getByRole("button", { name: "Add to Cart" }).click();
    await shop.locator("[data-testid=header-cart]", { hasText: "1" }).waitFor();

    // A marketing page in another tab of the same browser: the saved cart's count.
    const page = await shop.context().newPage();
    await page.goto("/features");
    await ready(page);
    const cart = page.getByTestId("header-cart");
    await page.getByRole("link", { name: "Cart, 1 item" }).waitFor();
    assertEquals(await cart.innerText(), "1");

    // Added in the shop's tab: this one follows.
    await board.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("link", { name: "Cart, 2 items" }).waitFor();
    assertEquals(await cart.innerText(), "2");

    // No cart drawer on this page: the link goes to the shop.
    await cart.click();
    await page.waitForURL("**/shop");
    assertEquals(shop.problems, []);
  },
);

browserTest(
  "[browser] toasts: the close button, a click or a long swipe closes one, a short drag does not",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/features");
    const form = page.locator("form[data-ready][data-testid=newsletter-form]");
    await form.waitFor();
    const toast = page.getByRole("region", { name: "Notifications" }).locator("div", {
      hasText: "Please enter your email address.",
    });
    const show = async () => {
      await form.getByRole("button", { name: "Subscribe" }).click();
      await toast.waitFor();
      assertEquals(await toast.getAttribute("data-kind"), "error");
    };
    const drag = async (dx: number) => {
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + dx, y, { steps: 5 });
      await page.mouse.up();
    };

    await show();
    await toast.getByRole("button", { name: "Close notification" }).click();
    await toast.waitFor({ state: "detached" });

    await show();
    await drag(30);
    assertEquals(await toast.count(), 1, "a short drag snaps back");
    await toast.click();
    await toast.waitFor({ state: "detached" });

    await show();
    await drag(120);
    await toast.waitFor({ state: "detached" });
    assertEquals(page.problems, []);
  },
);
