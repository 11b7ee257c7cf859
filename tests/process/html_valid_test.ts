import { assert, assertEquals } from "../_lib/assert.ts";
import { type RunningServer, startBuiltServer } from "../_lib/server.ts";
import { FRENCH_MARKETING_ROUTES, MARKETING_ROUTES } from "../browser/_marketing_routes.ts";

const VNU_JAR = new URL("../../node_modules/vnu-jar/build/dist/vnu.jar", import.meta.url).pathname;

/**
 * The pages checked. `public` pages are fetched anonymously; `admin` ones with the seeded
 * superadmin's session cookie. A new page is added here (the shop's product pages are found
 * from the catalogue).
 */
export const CHECKED_PAGES = {
  public: [
    ...MARKETING_ROUTES.map((r) => r.path),
    "/shop",
    "/unsubscribe",
    "/no-such-page",
    "/admin/login",
    ...FRENCH_MARKETING_ROUTES.map((r) => r.path),
    "/fr/shop",
    "/fr/unsubscribe",
    "/fr/no-such-page",
    "/orders",
    "/fr/orders",
    "/quote-request",
    "/fr/quote-request",
  ],
  admin: [
    "/admin/dashboard",
    "/admin/orders",
    "/admin/quotes",
    "/admin/invoices",
    "/admin/e-invoices",
    "/admin/receivables",
    "/admin/bank-statements",
    "/admin/products",
    "/admin/shipping",
    "/admin/subscribers",
    "/admin/stock-notifications",
    "/admin/analytics",
    "/admin/admins",
    "/admin/register-admin",
    "/admin/two-factor-setup",
  ],
};

async function superadminCookie(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/superadmins/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "correct horse battery" }),
  });
  assertEquals(res.status, 200, "superadmin login");
  await res.body?.cancel();
  return res.headers.get("set-cookie")!.split(";")[0];
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the Nu checker once over every file; answers its error messages. */
async function vnuErrors(files: string[]): Promise<VnuMessage[]> {
  const out = await new Deno.Command("java", {
    args: [
      "-Xss8m",
      // The JIT's quick tier only: most of the run is loading the checker, which the optimizing
      // tier cannot pay back on a hundred pages (a third of the JVM's CPU time).
      "-XX:TieredStopAtLevel=1",
      "-jar",
      VNU_JAR,
      "--errors-only",
      "--format",
      "json",
      ...files,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const report = new TextDecoder().decode(out.stderr);
  const { messages } = JSON.parse(report) as { messages: VnuMessage[] };
  assert(out.success || messages.length > 0, `vnu failed: ${report.slice(0, 500)}`);
  return messages.filter((m) => m.type === "error" || m.type === "non-document-error");
}

Deno.test({
  name: "[server] every public and admin page passes the W3C Nu HTML checker",
  sanitizeResources: false,
  async fn() {
    const server = await startBuiltServer();
    const dir = await Deno.makeTempDir({ prefix: "vnu-" });
    try {
      const products = await (await fetch(`${server.url}/api/public/products`)).json() as {
        _id: string;
        slug: string;
      }[];
      assert(products.length > 0, "the seeded catalogue has products");
      const cookie = await superadminCookie(server);
      // One order, so the orders table and an order's own page are checked with content.
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
      assert(created.status === 201, `manual order: ${created.status}`);
      const { orderId } = await created.json() as { orderId: string };
      const pages = [
        { path: `/admin/orders/${orderId}`, cookie },
        ...CHECKED_PAGES.public.map((path) => ({ path, cookie: undefined })),
        ...products.flatMap((p) => [
          { path: `/shop/${p.slug}`, cookie: undefined },
          { path: `/fr/shop/${p.slug}`, cookie: undefined },
        ]),
        ...CHECKED_PAGES.admin.map((path) => ({ path, cookie })),
      ];
      const files = new Map<string, string>();
      for (const [i, { path, cookie }] of pages.entries()) {
        const res = await fetch(`${server.url}${path}`, {
          redirect: "manual",
          headers: cookie ? { cookie } : {},
        });
        const type = res.headers.get("content-type") ?? "";
        assert(type.startsWith("text/html"), `${path}: ${res.status} ${type}`);
        const file = `${dir}/page-${i}.html`;
        await Deno.writeTextFile(file, await res.text());
        files.set(file, path);
      }
      const errors = await vnuErrors([...files.keys()]);
      assert(errors !== null, "the checker ran");
      const lines = errors.map((e) =>
        `${files.get(e.url?.replace(/^file:/, "") ?? "") ?? e.url}:${
          e.lastLine ?? "?"
        }: ${e.message}` +
        (e.extract ? `\n    ${e.extract.replaceAll("\n", " ").slice(0, 160)}` : "")
      );
      assertEquals(lines, [], `Nu HTML checker errors:\n${lines.join("\n")}`);
    } finally {
      await Deno.remove(dir, { recursive: true });
      await server.stop();
    }
  },
});
