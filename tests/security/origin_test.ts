import { assertJsonResponse } from "../_lib/assert.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";
import { SUPERADMIN } from "../_lib/admin.ts";
import { createFrontDoor } from "../../src/server/front-door.ts";

const page = () => Promise.resolve(new Response("page"));

/**
 * A cookie-authenticated write is refused unless `Origin` is the page's own origin: scheme, host
 * and port. A page on http://host (written by a network attacker) is not https://host.
 */
Deno.test("[security] origin: cookie writes compare scheme, host and port", () =>
  withServices(async (t) => {
    const signIn = async (base: string) => {
      const res = await t.api.request(
        `${base}/api/superadmins/login`,
        jsonRequest("POST", SUPERADMIN),
      );
      await res.body?.cancel();
      return res.headers.get("set-cookie")!.split(";")[0];
    };
    const logout = (base: string, cookie: string, origin: string) =>
      t.api.request(`${base}/api/auth/logout`, {
        method: "POST",
        headers: { cookie, Origin: origin },
      });

    const httpCookie = await signIn("http://localhost:8000");
    await assertJsonResponse(
      await logout("http://localhost:8000", httpCookie, "https://localhost:8000"),
      403,
    );
    await assertJsonResponse(
      await logout("http://localhost:8000", httpCookie, "http://localhost:8001"),
      403,
    );
    await assertJsonResponse(
      await logout("http://localhost:8000", httpCookie, "http://localhost"),
      403,
    );
    await assertJsonResponse(
      await logout("http://localhost:8000", httpCookie, "http://localhost:8000"),
      200,
    );

    const httpsCookie = await signIn("https://localhost");
    await assertJsonResponse(
      await logout("https://localhost", httpsCookie, "http://localhost"),
      403,
    );
    await assertJsonResponse(
      await logout("https://localhost", httpsCookie, "https://localhost"),
      200,
    );
  }));

Deno.test("[security] origin: behind a trusted TLS proxy the page's origin is https", () =>
  withServices(async ({ services }) => {
    const handle = createFrontDoor(services, new Map(), page);
    const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" };
    const login = await handle(
      new Request(
        "http://localhost/api/superadmins/login",
        jsonRequest("POST", SUPERADMIN, forwarded),
      ),
      "10.0.0.2",
    );
    await login.body?.cancel();
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const logout = (origin: string) =>
      handle(
        new Request("http://localhost/api/auth/logout", {
          method: "POST",
          headers: { ...forwarded, cookie, Origin: origin },
        }),
        "10.0.0.2",
      );
    await assertJsonResponse(await logout("http://localhost"), 403);
    await assertJsonResponse(await logout("https://localhost"), 200);
  }, { config: { trustProxy: 1 } }));

Deno.test("[security] origin: the public origin is accepted behind a proxy that does not say https", () =>
  withServices(async (t) => {
    const login = await t.api.request(
      "http://shop.example/api/superadmins/login",
      jsonRequest("POST", SUPERADMIN),
    );
    await login.body?.cancel();
    const cookie = login.headers.get("set-cookie")!.split(";")[0];
    const logout = (origin: string) =>
      t.api.request("http://shop.example/api/auth/logout", {
        method: "POST",
        headers: { cookie, Origin: origin },
      });
    await assertJsonResponse(await logout("https://shop.example:8443"), 403);
    await assertJsonResponse(await logout("https://shop.example"), 200);
  }, { config: { siteUrl: "https://shop.example" } }));
