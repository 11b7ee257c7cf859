import { assert, assertEquals } from "../_lib/assert.ts";
import {
  BOSS,
  fillBackOffice,
  LAPTOP,
  overflowX,
  PHONE,
  shellReady,
  signInAs,
} from "../_lib/admin-browser.ts";
import { seriousViolations } from "../_lib/axe.ts";
import { browserTest } from "../_lib/browser.ts";
import type { Page } from "playwright-core";

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

for (const [name, device] of [["390", PHONE], ["1366", LAPTOP]] as const) {
  browserTest(
    `[browser] dashboard chart at ${name} px: a long range is drawn by month, as high as a month's`,
    async ({ server, newPage }) => {
      await fillBackOffice(server, "2021-03-15T10:00:00.000Z");
      const page = await newPage(device);
      await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Fdashboard");
      await shellReady(page);
      const chart = page.getByTestId("sales-over-time");
      await chart.locator("canvas").waitFor();
      const monthHeight = await pageHeight(page);
      // The table alternative takes no room of its own (it made ~450 px of blank scroll).
      const table = await chart.getByTestId("chart-table").evaluate((t) =>
        t.parentElement!.getBoundingClientRect().height
      );
      assert(table <= 1, `hidden table box ${table} px high`);

      const today = new Date().toISOString().slice(0, 10);
      await page.goto(`/admin/dashboard?start=2020-01-01&end=${today}`);
      await chart.locator("canvas").waitFor();
      assertEquals(await pageHeight(page), monthHeight, "same page height as the default month");
      assertEquals(await overflowX(page), 0);
      const head = await chart.getByTestId("chart-table").locator("th").first().textContent();
      assertEquals(head, "Month");
      const rows = await chart.getByTestId("chart-table").locator("tbody tr").count();
      assert(rows <= 12 * 8, `${rows} rows: grouped by month`);
      const canvas = await chart.locator("canvas").boundingBox();
      assertEquals(Math.round(canvas!.height), 300, "the chart keeps its height");
      assertEquals(await seriousViolations(page, `dashboard ${name}`), []);
      assertEquals(page.problems, []);
    },
  );
}

browserTest(
  "[browser] analytics charts follow the window from 1366 to 700 px",
  async ({ server, newPage }) => {
    await fillBackOffice(server);
    const page = await newPage(LAPTOP);
    await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Fanalytics");
    await shellReady(page);
    const canvases = page.locator("[data-testid^=chart-] canvas");
    await canvases.first().waitFor();
    assertEquals(await overflowX(page), 0);
    // Narrowed as a window is dragged: one column below 1024 px, then narrower still.
    for (const width of [1000, 850, 700]) {
      await page.setViewportSize({ width, height: 768 });
      // chart.js resizes on its container's resize observer: wait for it, then measure.
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll("[data-testid^=chart-] canvas")].every((c) =>
            c.getBoundingClientRect().right <= innerWidth
          ),
        undefined,
        { timeout: 5000 },
      );
    }
    assertEquals(await overflowX(page), 0, "no sideways scroll at 700 px");
    assertEquals(page.problems, []);
  },
);
