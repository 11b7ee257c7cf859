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

const PAGES = [...MARKETING_ROUTES.map((r) => r.path), "/no-such-page"];

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
        for (const v of violations) {
          if (v.impact !== "serious" && v.impact !== "critical") continue;
          const where = v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ");
          found.push(`${viewport.width}px ${path}: [${v.impact}] ${v.id}: ${v.help} (${where})`);
        }
      }
      await context.close();
    }
    assertEquals(found, [], found.join("\n"));
  },
);
