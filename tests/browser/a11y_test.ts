import { assertEquals } from "../_lib/assert.ts";
import { browserTest, eachInTabs } from "../_lib/browser.ts";
import { FRENCH_MARKETING_ROUTES, MARKETING_ROUTES } from "./_marketing_routes.ts";
import { seriousViolations } from "../_lib/axe.ts";

const PAGES = [
  ...MARKETING_ROUTES.map((r) => r.path),
  "/search?q=nothing-matches-this",
  "/unsubscribe?token=not-a-token",
  "/no-such-page",
  ...FRENCH_MARKETING_ROUTES.map((r) => r.path),
  "/fr/shop",
  "/fr/shop/vectra-dsp-board",
  "/fr/unsubscribe?token=not-a-token",
  "/fr/no-such-page",
  "/fr/orders",
];

browserTest(
  "[browser] axe-core: the demo form with errors and with the country picker open",
  async ({ server, browser }) => {
    const context = await browser.newContext({ baseURL: server.url, bypassCSP: true });
    const page = await context.newPage();
    await page.goto("/request-a-demo");
    await page.locator("[data-testid=demo-form][data-ready]").waitFor();
    await page.getByTestId("demo-form").getByRole("button", { name: "Submit" }).click();
    await page.locator("[data-error-for=message]").waitFor();
    const found = await seriousViolations(page, "errors shown");
    await page.getByTestId("phone-country").click();
    await page.locator("#demo-phone-search").waitFor();
    found.push(...await seriousViolations(page, "country picker open"));
    await context.close();
    assertEquals(found, [], found.join("\n"));
  },
);

browserTest(
  "[browser] axe-core: no serious or critical violations on any public page (desktop and mobile)",
  async ({ server, browser }) => {
    const found: string[] = [];
    // Both widths at once, two tabs each (own contexts): a page's wait for a quiet network
    // (500 ms) overlaps the other tabs' loading and checking.
    const widths = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
    await Promise.all(widths.map(async (viewport) => {
      // axe is injected from the test, so the page's own CSP is bypassed for it alone.
      const open = async () =>
        await (await browser.newContext({ baseURL: server.url, bypassCSP: true, viewport }))
          .newPage();
      const tabs = [await open(), await open()];
      await eachInTabs(tabs, PAGES, async (page, path) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        found.push(...await seriousViolations(page, `${viewport.width}px ${path}`));
      });
      for (const tab of tabs) await tab.context().close();
    }));
    assertEquals(found, [], found.join("\n"));
  },
);
