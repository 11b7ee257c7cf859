import { SignJWT } from "jose";
import { LOGIN_LIMITS } from "../../src/services/admin-auth.ts";
import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import { login, loginAs, STAFF_PASSWORD, SUPERADMIN } from "../_lib/admin.ts";
import { jsonRequest, testConfig, withServices } from "../_lib/services.ts";

const secret = new TextEncoder().encode(testConfig().jwtSecret);

/** A token signed with the server's key, with claims of our choosing. */
async function forge(sub: string, jti: string, edit: (j: SignJWT) => SignJWT) {
  return await edit(
    new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(sub).setJti(jti)
      .setIssuer("shop").setAudience("shop-admin").setIssuedAt(),
  ).sign(secret);
}

const b64url = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

Deno.test("[api] login: the superadmin signs in; token, user and cookie; verify answers the user", () =>
  withServices(async (t) => {
    const res = await t.api.request("/api/superadmins/login", jsonRequest("POST", SUPERADMIN));
    const body = await assertJsonResponse(res, 200) as { token: string; user: { role: string } };
    assertEquals(body.user.role, "superadmin");
    const cookie = res.headers.get("set-cookie")!;
    assertMatch(cookie, /^admin_session=[^;]+;/);
    assertMatch(cookie, /HttpOnly/);
    assertMatch(cookie, /SameSite=Strict/);
    const verify = await t.api.request("/api/auth/verify", {
      headers: { Authorization: `Bearer ${body.token}` },
    });
    const v = await assertJsonResponse(verify, 200) as { user: Record<string, unknown> };
    assertEquals(v.user.email, SUPERADMIN.email);
    assert(!("passwordHash" in v.user), "never the hash");
  }));

Deno.test("[api] login over https sets a __Host- Secure cookie", () =>
  withServices(async (t) => {
    const res = await t.api.request(
      "https://shop.example/api/superadmins/login",
      jsonRequest("POST", SUPERADMIN),
    );
    await assertJsonResponse(res, 200);
    const cookie = res.headers.get("set-cookie")!;
    assertMatch(cookie, /^__Host-admin_session=/);
    assertMatch(cookie, /Secure/);
  }));

Deno.test("[api] login: the superadmin endpoint refuses a regular admin (401); the admin one takes it", () =>
  withServices(async (t) => {
    const a = await loginAs(t, "admin");
    const admin = await t.services.admins.get(a.id);
    const creds = { email: admin!.email, password: STAFF_PASSWORD };
    const res = await t.api.request("/api/superadmins/login", jsonRequest("POST", creds));
    assertEquals(res.status, 401);
    await res.body?.cancel();
    const ok = await t.api.request("/api/admins/login", jsonRequest("POST", creds));
    const body = await assertJsonResponse(ok, 200) as {
      token: string;
      user: unknown;
      admin: unknown;
    };
    assertEquals(body.admin, body.user);
  }));

Deno.test("[api] login failures say the same for an unknown email and a wrong password", () =>
  withServices(async (t) => {
    const unknown = await t.api.request(
      "/api/superadmins/login",
      jsonRequest("POST", { email: "nobody@example.com", password: "whatever it is" }),
    );
    const wrong = await t.api.request(
      "/api/superadmins/login",
      jsonRequest("POST", { email: SUPERADMIN.email, password: "not the password" }),
    );
    assertEquals(await assertJsonResponse(unknown, 401), await assertJsonResponse(wrong, 401));
    const empty = await t.api.request("/api/admins/login", jsonRequest("POST", { email: "" }));
    await assertJsonResponse(empty, 400);
  }));

Deno.test("[api] tokens: expired, tampered, alg none, wrong audience or issuer are refused", () =>
  withServices(async (t) => {
    const good = await login(t, SUPERADMIN.email, SUPERADMIN.password);
    const [, payload] = good.token.split(".");
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const tokens: Record<string, string> = {
      expired: await forge(claims.sub, claims.jti, (j) => j.setExpirationTime(1_000_000)),
      tampered: good.token.replace(/\.([^.]+)\./, (_, p: string) => `.${p.slice(0, -2)}xx.`),
      algNone: `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`,
      wrongAudience: await forge(
        claims.sub,
        claims.jti,
        (j) => j.setAudience("someone-else").setExpirationTime("1h"),
      ),
      wrongIssuer: await forge(
        claims.sub,
        claims.jti,
        (j) => j.setIssuer("someone-else").setExpirationTime("1h"),
      ),
      otherKey: await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setSubject(claims.sub)
        .setJti(claims.jti).setIssuer("shop").setAudience("shop-admin").setExpirationTime("1h")
        .sign(new TextEncoder().encode("another-secret-another-secret-xx")),
      garbage: "not.a.token",
    };
    for (const [name, token] of Object.entries(tokens)) {
      const res = await t.api.request("/api/auth/verify", {
        headers: { Authorization: `Bearer ${token}` },
      });
      assertEquals(res.status, 401, name);
      await res.body?.cancel();
    }
    // The same claims, correctly signed, pass: the refusals above are about the token itself.
    const fine = await forge(claims.sub, claims.jti, (j) => j.setExpirationTime("1h"));
    const res = await t.api.request("/api/auth/verify", {
      headers: { Authorization: `Bearer ${fine}` },
    });
    assertEquals(res.status, 200);
    await res.body?.cancel();
  }));

Deno.test("[api] sessions end at once on logout, deactivation, deletion, role and password change", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const verify = async (s: { headers: Record<string, string> }) => {
      const res = await t.api.request("/api/auth/verify", { headers: s.headers });
      await res.body?.cancel();
      return res.status;
    };

    const a = await loginAs(t, "admin");
    const res = await t.api.request("/api/auth/logout", { method: "POST", headers: a.headers });
    assertMatch(res.headers.get("set-cookie")!, /Max-Age=0/);
    await res.body?.cancel();
    assertEquals(await verify(a), 401, "after logout");

    const changes: [string, (id: string) => Response | Promise<Response>][] = [
      ["deactivation", (id) =>
        t.api.request(`/api/admins/${id}/toggle-status`, {
          method: "PATCH",
          headers: boss.headers,
        })],
      [
        "deletion",
        (id) => t.api.request(`/api/admins/${id}`, { method: "DELETE", headers: boss.headers }),
      ],
      [
        "role change",
        (id) =>
          t.api.request(
            `/api/admins/${id}`,
            jsonRequest("PUT", { role: "superadmin" }, boss.headers),
          ),
      ],
      ["password change", (id) =>
        t.api.request(
          `/api/admins/${id}`,
          jsonRequest("PUT", { password: "another long password" }, boss.headers),
        )],
    ];
    for (const [name, change] of changes) {
      const s = await loginAs(t, "admin");
      const other = await loginAs(t, "admin");
      assertEquals(await verify(s), 200);
      const r = await change(s.id);
      assertEquals(r.status, 200, name);
      await r.body?.cancel();
      assertEquals(await verify(s), 401, `after ${name}`);
      assertEquals(await verify(other), 200, `another account keeps its session (${name})`);
    }
    // A profile edit that changes nothing about access keeps the session.
    const s = await loginAs(t, "admin");
    const edit = await t.api.request(
      `/api/admins/${s.id}`,
      jsonRequest("PUT", { username: "New name" }, s.headers),
    );
    assertEquals(
      (await assertJsonResponse(edit, 200) as { username: string }).username,
      "New name",
    );
    assertEquals(await verify(s), 200);
  }));

Deno.test("[api] a 401 for an ended cookie session clears the cookie (the browser's token goes)", () =>
  withServices(async (t) => {
    const a = await loginAs(t, "admin");
    const cookie = { Cookie: `admin_session=${a.token}` };
    const live = await t.api.request("/api/auth/verify", { headers: cookie });
    assertEquals(live.status, 200);
    assertEquals(live.headers.get("set-cookie"), null, "a live session keeps its cookie");
    await live.body?.cancel();
    const out = await t.api.request("/api/auth/logout", { method: "POST", headers: a.headers });
    await out.body?.cancel();
    for (const path of ["/api/auth/verify", "/api/orders"]) {
      const ended = await t.api.request(path, { headers: cookie });
      await assertJsonResponse(ended, 401);
      assertMatch(ended.headers.get("set-cookie") ?? "", /^admin_session=;.*Max-Age=0/);
    }
    // A bearer token's 401 leaves cookies alone; so does a request without any session.
    const bearer = await t.api.request("/api/auth/verify", { headers: a.headers });
    await assertJsonResponse(bearer, 401);
    assertEquals(bearer.headers.get("set-cookie"), null);
  }));

Deno.test("[api] a deactivated account cannot sign in; reactivated it can", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const a = await loginAs(t, "admin");
    const email = (await t.services.admins.get(a.id))!.email;
    const toggle = () =>
      t.api.request(`/api/admins/${a.id}/toggle-status`, {
        method: "PATCH",
        headers: boss.headers,
      });
    assertEquals(
      (await assertJsonResponse(await toggle(), 200) as { status: string }).status,
      "inactive",
    );
    const refused = await t.api.request(
      "/api/admins/login",
      jsonRequest("POST", { email, password: STAFF_PASSWORD }),
    );
    await assertJsonResponse(refused, 403);
    assertEquals(
      (await assertJsonResponse(await toggle(), 200) as { status: string }).status,
      "active",
    );
    await login(t, email, STAFF_PASSWORD);
  }));

Deno.test("[api] cookie calls: unsafe methods need a matching Origin (403 otherwise)", () =>
  withServices(async (t) => {
    const res = await t.api.request(
      "http://shop.test/api/superadmins/login",
      jsonRequest("POST", SUPERADMIN),
    );
    await res.body?.cancel();
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const get = await t.api.request("http://shop.test/api/auth/verify", { headers: { cookie } });
    assertEquals(get.status, 200, "a safe call by cookie alone");
    await get.body?.cancel();
    for (const origin of [undefined, "http://evil.test", "null"]) {
      const headers: Record<string, string> = { cookie };
      if (origin) headers.Origin = origin;
      const post = await t.api.request("http://shop.test/api/auth/logout", {
        method: "POST",
        headers,
      });
      await assertJsonResponse(post, 403);
    }
    const same = await t.api.request("http://shop.test/api/auth/logout", {
      method: "POST",
      headers: { cookie, Origin: "http://shop.test" },
    });
    await assertJsonResponse(same, 200);
  }));

Deno.test("[api] login rate limit: per email and address, and per address, 429 with Retry-After", () =>
  withServices(async (t) => {
    const attempt = (email: string, password: string, client: string) =>
      t.api.request(
        "/api/superadmins/login",
        jsonRequest("POST", { email, password }),
        { clientAddress: client },
      );
    for (let i = 0; i < LOGIN_LIMITS.pair.limit; i++) {
      const r = await attempt(SUPERADMIN.email, "wrong password", "10.0.0.1");
      assertEquals(r.status, 401);
      await r.body?.cancel();
    }
    // That address is locked out of that account, even with the right password.
    const locked = await attempt(SUPERADMIN.email, SUPERADMIN.password, "10.0.0.1");
    const body = await assertJsonResponse(locked, 429) as { message: string };
    assertMatch(body.message, /Too many failed sign-in attempts/);
    assert(Number(locked.headers.get("Retry-After")) > 0, "Retry-After");

    // One address trying many emails is locked too.
    for (let i = 0; i < LOGIN_LIMITS.client.limit; i++) {
      const r = await attempt(`someone${i}@example.com`, "wrong password", "10.9.9.9");
      assertEquals(r.status, 401);
      await r.body?.cancel();
    }
    const fromClient = await attempt("other@example.com", "x", "10.9.9.9");
    await assertJsonResponse(fromClient, 429);
  }));

Deno.test("[api] login rate limit: a regular admin's normal sign-ins (superadmin 401 first) never count", () =>
  withServices(async (t) => {
    const a = await loginAs(t, "admin");
    const email = (await t.services.admins.get(a.id))!.email;
    for (let i = 0; i < LOGIN_LIMITS.pair.limit + 2; i++) await login(t, email, STAFF_PASSWORD);
  }));
