import { assertEquals } from "../_lib/assert.ts";
import { browserTest } from "../_lib/browser.ts";
import { MARKETING_ROUTES } from "./_marketing_routes.ts";

const AXE_SOURCE = await Deno.readTextFile(
  new URL("../../node_modules/axe-core/axe.min.js", import.meta.url),
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const PAGES = [
  ...MARKETING_ROUTES.map((r) => r.path),
  "/search?q=nothing-matches-this",
  "/unsubscribe?token=not-a-token",
  "/no-such-page",
];

async function seriousViolations(page: import("playwright-core").Page, label: string) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
    });
    return result.violations;
  }) as AxeViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const where = v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ");
      return `${label}: [${v.impact}] ${v.id}: ${v.help} (${where})`;
    });
}

browserTest(
  "[browser] axe-core: the demo form with errors and with the country picker open",
  async ({ server, browser }) => {
    const context = await browser.newContext({ baseURL: server.url, bypassCSP: true });
    const page = await context.newPage();
    await page.goto("/request-a-demo");
    await page.locator("astro-island:not([ssr]) [data-testid=demo-form]").waitFor();
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
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      // axe is injected from the test, so the page's own CSP is bypassed for it alone.
      const context = await browser.newContext({ baseURL: server.url, bypassCSP: true, viewport });
      const page = await context.newPage();
      for (const path of PAGES) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        found.push(...await seriousViolations(page, `${viewport.width}px ${path}`));
      }
      await context.close();
    }
    assertEquals(found, [], found.join("\n"));
  },
);
