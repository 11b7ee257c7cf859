import { type Access, ROUTE_ACCESS } from "../../src/api/authorization.ts";
import { assertEquals } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { type TestContext, withServices } from "../_lib/services.ts";

type Caller = "anonymous" | "admin" | "superadmin";

/** Every `METHOD path` the API app registers (middleware rows excluded). */
function registeredRoutes(t: TestContext): string[] {
  const keys = t.api.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)];
}

/** Status classes a caller must get on a route of `access`: denied with 401/403, or let in. */
function expected(access: Access, caller: Caller, ownTarget: boolean): 401 | 403 | "allowed" {
  if (access === "public") return "allowed";
  if (caller === "anonymous") return 401;
  if (access === "staff") return "allowed";
  if (access === "superadmin") return caller === "superadmin" ? "allowed" : 403;
  return caller === "superadmin" || ownTarget ? "allowed" : 403;
}

Deno.test("[api] authorization: every API route has a row in the one table", () =>
  withServices((t) => {
    const missing = registeredRoutes(t).filter((k) => !(k in ROUTE_ACCESS));
    assertEquals(missing, [], "routes without a row in src/api/authorization.ts");
    const stale = Object.keys(ROUTE_ACCESS).filter((k) => !registeredRoutes(t).includes(k));
    assertEquals(stale, [], "rows for routes that do not exist");
    return Promise.resolve();
  }));

Deno.test("[api] authorization matrix: anonymous 401, wrong role 403, right role let in", () =>
  withServices(async (t) => {
    const sessions: Record<Exclude<Caller, "anonymous">, SignedIn> = {
      admin: await loginAs(t, "admin"),
      superadmin: await loginAs(t, "superadmin"),
    };
    // Signing out ends the session the matrix uses: that row goes last.
    const routes = registeredRoutes(t).sort((a, b) =>
      Number(a.endsWith("/logout")) - Number(b.endsWith("/logout"))
    );
    const failures: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(" ");
      const access = ROUTE_ACCESS[route];
      for (const caller of ["anonymous", "admin", "superadmin"] as const) {
        // `self` rows are tried on the caller's own id and on another account's.
        const targets = access === "self" && caller !== "anonymous"
          ? [sessions[caller].id, "01ARZ3NDEKTSV4RRFFQ69G5FAV"]
          : ["01ARZ3NDEKTSV4RRFFQ69G5FAV"];
        for (const target of targets) {
          const url = path.replace(/:[A-Za-z]+/g, (p) => p === ":id" ? target : "x");
          const headers: Record<string, string> = { "Content-Type": "application/json" };
          if (caller !== "anonymous") Object.assign(headers, sessions[caller].headers);
          const res = await t.api.request(url, {
            method,
            headers,
            ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
          });
          await res.body?.cancel();
          const want = expected(
            access,
            caller,
            caller !== "anonymous" &&
              target === sessions[caller].id,
          );
          const ok = want === "allowed"
            ? res.status !== 401 && res.status !== 403 && res.status < 500
            : res.status === want;
          if (!ok) failures.push(`${route} as ${caller} (${url}): ${res.status}, want ${want}`);
        }
      }
    }
    assertEquals(failures, []);
    assertEquals(routes.length, Object.keys(ROUTE_ACCESS).length, "every row walked");
  }));
