import { assert } from "../_lib/assert.ts";
import { browserTest } from "../_lib/browser.ts";

browserTest(
  "[browser] layout: at 390 px a toast sits below the header, clear of the logo and cart badge",
  async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/shop");
    await page.locator("astro-island[component-url*=ShopCatalog]:not([ssr])").waitFor({
      state: "attached",
    });
    await page.locator("[data-testid=product-grid] article").first()
      .getByRole("button", { name: "Add to Cart" }).click();
    const toast = page.getByRole("region", { name: "Notifications" }).locator("div").first();
    await toast.waitFor();
    const header = (await page.locator("header").first().boundingBox())!;
    const box = (await toast.boundingBox())!;
    assert(
      box.y >= header.y + header.height,
      `toast top ${box.y} is below the header's bottom ${header.y + header.height}`,
    );
  },
);

browserTest(
  "[browser] layout: the 'Rapid prototyping' illustration's curve stays clear of its caption",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/images/illustrations/prototyping.svg");
    const overlaps = await page.evaluate(() => {
      const curve = document.querySelector<SVGGraphicsElement>("path[stroke='#34d399']")!
        .getBBox();
      return [...document.querySelectorAll<SVGGraphicsElement>("text")]
        .map((t) => ({ text: t.textContent, box: t.getBBox() }))
        .filter(({ box }) =>
          box.x < curve.x + curve.width && curve.x < box.x + box.width &&
          box.y < curve.y + curve.height && curve.y < box.y + box.height
        )
        .map(({ text }) => text);
    });
    assert(overlaps.length === 0, `the curve crosses: ${overlaps.join(", ")}`);
  },
);
