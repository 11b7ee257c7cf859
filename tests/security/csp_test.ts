import { assert, assertEquals } from "../_lib/assert.ts";
import { BOSS, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import { type RunningServer, startBuiltServer } from "../_lib/server.ts";
import type { Page } from "playwright-core";

/** The directives of each policy in a CSP header value (policies are comma-separated). */
function policies(value: string): Map<string, string[]>[] {
  return value.split(",").map((policy) =>
    new Map(
      policy.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map((
        [name, ...sources],
      ) => [name.toLowerCase(), sources]),
    )
  );
}

/** The sources that govern inline <script> elements (CSP's fallback order). */
const scriptSources = (p: Map<string, string[]>) =>
  p.get("script-src-elem") ?? p.get("script-src") ?? p.get("default-src") ?? null;
const styleSources = (p: Map<string, string[]>) =>
  p.get("style-src-elem") ?? p.get("style-src") ?? p.get("default-src") ?? null;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

const EXECUTABLE = /^$|^(text|application)\/(javascript|ecmascript)$|^module$/i;

/**
 * What in this page the browser would refuse or run without a hash or nonce: the problems are
 * listed (an inline script or style the policy does not name, 'unsafe-inline' for scripts, a
 * style attribute, a missing header).
 */
async function cspProblems(path: string, res: Response, html: string): Promise<string[]> {
  const header = res.headers.get("content-security-policy");
  if (!header) return [`${path}: no Content-Security-Policy header`];
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html)?.[1];
  const all = [...policies(header), ...(meta ? policies(meta.replaceAll("&#39;", "'")) : [])];
  const problems: string[] = [];
  for (const p of all) {
    const scripts = scriptSources(p);
    if (!scripts) problems.push(`${path}: a policy without script-src or default-src`);
    if (scripts?.includes("'unsafe-inline'") || p.get("script-src")?.includes("'unsafe-inline'")) {
      problems.push(`${path}: script-src allows 'unsafe-inline'`);
    }
    if (!p.has("frame-ancestors") && p === all[0]) problems.push(`${path}: no frame-ancestors`);
  }
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(attrs)) continue;
    const type = /\stype="([^"]*)"/i.exec(attrs)?.[1] ?? "";
    if (!EXECUTABLE.test(type)) continue; // a data block (JSON-LD) is never run
    const nonce = /\snonce="([^"]+)"/i.exec(attrs)?.[1];
    const hash = await sha256(body);
    for (const p of all) {
      const sources = scriptSources(p) ?? [];
      if (!sources.includes(hash) && !(nonce && sources.includes(`'nonce-${nonce}'`))) {
        problems.push(`${path}: inline script ${body.slice(0, 40)}... neither hashed nor nonced`);
      }
    }
  }
  for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    const hash = await sha256(body);
    for (const p of all) {
      if (!(styleSources(p) ?? []).includes(hash)) {
        problems.push(`${path}: inline style ${body.slice(0, 40)}... not hashed`);
      }
    }
  }
  if (/<[a-z][^>]*\sstyle="/i.test(html)) problems.push(`${path}: a style attribute`);
  return problems;
}

async function signInCookie(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/superadmins/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(BOSS),
  });
  assertEquals(res.status, 200);
  await res.body?.cancel();
  return res.headers.get("set-cookie")!.split(";")[0];
}

/** Every admin page from the source tree, so a page added later is checked too. */
async function adminPages(orderId: string): Promise<string[]> {
  const dir = new URL("../../src/pages/admin/", import.meta.url);
  const paths: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && entry.name.endsWith(".astro")) {
      paths.push(`/admin/${entry.name.replace(/\.astro$/, "")}`);
    }
  }
  for await (const entry of Deno.readDir(new URL("orders/", dir))) {
    assertEquals(entry.name, "[id].astro", "a new dynamic admin page: add it here");
    paths.push(`/admin/orders/${orderId}`);
  }
  return paths.sort();
}

Deno.test({
  name:
    "[security] csp: no page of the site map nor admin page allows an inline script without its hash",
  sanitizeResources: false,
  async fn() {
    const server = await startBuiltServer();
    try {
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      const mapped = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
        new URL(m[1]).pathname
      );
      assert(mapped.some((p) => p.startsWith("/shop/")), "product pages are in the site map");
      const cookie = await signInCookie(server);
      const products = await (await fetch(`${server.url}/api/public/products`)).json() as {
        _id: string;
      }[];
      const created = await fetch(`${server.url}/api/orders/admin`, {
        method: "POST",
        headers: { "Content-Type": "application/json", cookie, Origin: server.url },
        body: JSON.stringify({
          customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
          shippingAddress: { address: "1 Rue X", city: "Paris" },
          items: [{ id: products[0]._id, quantity: 1 }],
          shippingCountry: "France",
        }),
      });
      assertEquals(created.status, 201);
      const { orderId } = await created.json() as { orderId: string };

      const pages = [
        // Twice: the second answer of /shop and of a product page comes from the page cache.
        ...[...mapped, ...mapped].map((path) => ({ path, cookie: undefined })),
        ...["/", "/search?q=board", "/no-such-page", "/admin/login", "/unsubscribe"].map((
          path,
        ) => ({ path, cookie: undefined })),
        ...(await adminPages(orderId)).filter((p) => p !== "/admin/login").map((path) => ({
          path,
          cookie,
        })),
      ];
      const problems: string[] = [];
      for (const { path, cookie } of pages) {
        const res = await fetch(`${server.url}${path}`, {
          redirect: "manual",
          headers: cookie ? { cookie } : {},
        });
        const html = await res.text();
        // The 404 page, and /unsubscribe without its token (400), are pages too.
        assert([200, 400, 404].includes(res.status), `${path}: ${res.status}`);
        assert(res.headers.get("content-type")?.startsWith("text/html"), path);
        problems.push(...await cspProblems(path, res, html));
      }
      assertEquals(problems, [], problems.join("\n"));
      assert(pages.length > 25, `${pages.length} pages checked`);
    } finally {
      await server.stop();
    }
  },
});

/** Records every CSP violation the page reports, whether or not it reaches the console. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const w = globalThis as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.cspViolations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return () =>
    page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations);
}

browserTest(
  "[browser] csp: pages run under their policy without a violation, islands hydrate",
  async ({ newPage }) => {
    const page = await newPage();
    const violations = await watchViolations(page);

    for (const path of ["/home", "/request-a-demo", "/video-library"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
      assertEquals(await violations(), [], path);
    }

    // The shop (a cached server page): the cart drawer opens.
    await page.goto("/shop");
    const opener = page.getByRole("button", { name: "View Cart (0)" });
    await page.locator("astro-island[component-url*=CartDrawer]:not([ssr])").waitFor({
      state: "attached",
    });
    await opener.click();
    await page.getByRole("dialog", { name: "Shopping Cart" }).waitFor();
    assertEquals(await violations(), [], "/shop");

    // The back office: signing in works, the shell and the charts run.
    await signInAs(page, BOSS);
    await shellReady(page);
    assertEquals(await violations(), [], page.url());
    await page.goto("/admin/analytics");
    await hydrated(page, page.getByTestId("menu-button"));
    await page.waitForLoadState("networkidle");
    assertEquals(await violations(), [], page.url());
    await page.goto("/admin/admins");
    await shellReady(page);
    assertEquals(await violations(), [], page.url());
    assertEquals(page.problems, []);
  },
);
