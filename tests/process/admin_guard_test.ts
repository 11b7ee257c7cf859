import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { startBuiltServer } from "../_lib/server.ts";

const PAGES = [
  "/admin/dashboard",
  "/admin/orders",
  "/admin/products",
  "/admin/shipping",
  "/admin/subscribers",
  "/admin/stock-notifications",
  "/admin/analytics",
  "/admin/admins",
  "/admin/register-admin",
];
const SUPERADMIN_ONLY = new Set([
  "/admin/shipping",
  "/admin/stock-notifications",
  "/admin/analytics",
  "/admin/admins",
  "/admin/register-admin",
]);

async function signIn(url: string, email: string, password: string, endpoint = "superadmins") {
  const res = await fetch(`${url}/api/${endpoint}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  assertEquals(res.status, 200, `login ${email}`);
  const { token } = await res.json();
  return { cookie: res.headers.get("set-cookie")!.split(";")[0], token: token as string };
}

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });

Deno.test({
  name: "[server] admin pages: guarded on the server by the session cookie, per role",
  sanitizeResources: false,
  async fn() {
    const server = await startBuiltServer();
    try {
      for (const page of PAGES) {
        const res = await get(`${server.url}${page}?view=1`);
        const body = await res.text();
        assertEquals(res.status, 303, `${page} anonymous`);
        assertEquals(
          res.headers.get("location"),
          `/admin/login?next=${encodeURIComponent(`${page}?view=1`)}`,
        );
        assert(!body.includes("Admin Panel"), "no admin HTML for anonymous visitors");
      }
      const boss = await signIn(server.url, "admin@example.com", "correct horse battery");
      for (const page of PAGES) {
        const res = await get(`${server.url}${page}`, boss.cookie);
        assertEquals(res.status, 200, `${page} as superadmin`);
        assertEquals(res.headers.get("cache-control"), "no-store");
        assertStringIncludes(res.headers.get("x-robots-tag") ?? "", "noindex");
        await res.body?.cancel();
      }
      // The login page sends a signed-in user on: to a safe `next`, else to its landing page.
      const back = await get(`${server.url}/admin/login?next=%2Fadmin%2Fproducts`, boss.cookie);
      assertEquals(back.headers.get("location"), "/admin/products");
      const evil = await get(`${server.url}/admin/login?next=%2F%2Fevil.example`, boss.cookie);
      assertEquals(evil.headers.get("location"), "/admin/dashboard");
      const login = await get(`${server.url}/admin/login`);
      assertEquals(login.status, 200);
      assertStringIncludes(await login.text(), "Admin Login");

      // A regular admin: its pages open, superadmin pages send it to the dashboard.
      await fetch(`${server.url}/api/admins`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${boss.token}` },
        body: JSON.stringify({
          username: "Clerk",
          email: "clerk@example.com",
          password: "a long clerk password",
          image: "",
        }),
      }).then((r) => r.body?.cancel());
      const clerk = await signIn(
        server.url,
        "clerk@example.com",
        "a long clerk password",
        "admins",
      );
      for (const page of PAGES) {
        const res = await get(`${server.url}${page}`, clerk.cookie);
        await res.body?.cancel();
        if (SUPERADMIN_ONLY.has(page)) {
          assertEquals(res.status, 303, `${page} as admin`);
          assertEquals(res.headers.get("location"), "/admin/dashboard");
        } else assertEquals(res.status, 200, `${page} as admin`);
      }
      const landing = await get(`${server.url}/admin/login`, clerk.cookie);
      assertEquals(landing.headers.get("location"), "/admin/orders");

      // Signed out: the cookie no longer opens anything.
      await fetch(`${server.url}/api/auth/logout`, {
        method: "POST",
        headers: { Authorization: `Bearer ${clerk.token}` },
      }).then((r) => r.body?.cancel());
      const after = await get(`${server.url}/admin/orders`, clerk.cookie);
      assertEquals(after.status, 303);
      await after.body?.cancel();

      // The spec's /admin/register (404 before) is the registration page, whose guard holds:
      // anonymous visitors go on to the login page, an admin to the dashboard, a superadmin in.
      const again = await signIn(
        server.url,
        "clerk@example.com",
        "a long clerk password",
        "admins",
      );
      for (
        const [cookie, path, last] of [
          [undefined, "/admin/register", "/admin/login?next=%2Fadmin%2Fregister-admin%3Fx%3D1"],
          [again.cookie, "/admin/register/", "/admin/dashboard"],
          [boss.cookie, "/admin/register", null],
        ] as const
      ) {
        const moved = await get(`${server.url}${path}?x=1`, cookie);
        await moved.body?.cancel();
        assertEquals(moved.status, 301, path);
        assertEquals(moved.headers.get("location"), "/admin/register-admin?x=1");
        const there = await get(`${server.url}/admin/register-admin?x=1`, cookie);
        await there.body?.cancel();
        if (last) assertEquals(there.headers.get("location"), last);
        else assertEquals(there.status, 200);
      }
    } finally {
      await server.stop();
    }
  },
});
