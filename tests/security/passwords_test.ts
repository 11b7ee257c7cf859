import { COMMON_PASSWORD_MESSAGE } from "../../src/domain/password-policy.ts";
import { LOGIN_LIMITS } from "../../src/services/admin-auth.ts";
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
} from "../../src/services/admin-accounts.ts";
import { startServer } from "../../src/server/serve.ts";
import { assert, assertEquals, assertJsonResponse, assertRejects } from "../_lib/assert.ts";
import { login, loginAs, STAFF_PASSWORD, SUPERADMIN } from "../_lib/admin.ts";
import { jsonRequest, testConfig, type TestContext, withServices } from "../_lib/services.ts";

const account = (password: string) => ({
  username: "Clerk",
  email: "clerk@example.com",
  password,
  image: "",
});

/** Whether `password` signs `email` in (through both endpoints, as the UI does). */
async function signsIn(t: TestContext, email: string, password: string, client = "192.0.2.1") {
  for (const path of ["/api/superadmins/login", "/api/admins/login"]) {
    const res = await t.api.request(path, jsonRequest("POST", { email, password }), {
      clientAddress: client,
    });
    await res.body?.cancel();
    if (res.status === 200) return true;
  }
  return false;
}

Deno.test("[security] passwords: blank, whitespace-only and common passwords are refused", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const refused: [string, RegExp][] = [
      [" ".repeat(12), /must not be blank/],
      [" ".repeat(40), /must not be blank/],
      ["\t\n \u00a0".repeat(4), /must not be blank/],
      ["     short     ", /at least 12 characters/],
      ["password1234", /too common/],
      ["qwertyuiop123", /too common/],
      ["iloveyou2024", /too common/],
      ["P@ssw0rd1234", /too common/],
      ["abcdefghijklmnop", /too common/],
      ["clerkclerkclerk1", /too common/],
    ];
    for (const [password, message] of refused) {
      const res = await t.api.request(
        "/api/admins",
        jsonRequest("POST", account(password), boss.headers),
      );
      const body = await assertJsonResponse(res, 422) as {
        message: string;
        errors: { field: string }[];
      };
      assert(message.test(body.message), `${JSON.stringify(password)}: ${body.message}`);
      assertEquals(body.errors[0].field, "password");
    }
    assertEquals(await t.services.admins.getByEmail("clerk@example.com"), null, "none created");
    // The same rule on a password change.
    const staff = await loginAs(t, "admin");
    const res = await t.api.request(
      `/api/admins/${staff.id}`,
      jsonRequest("PUT", { password: "password1234" }, boss.headers),
    );
    assertEquals(
      (await assertJsonResponse(res, 422) as { message: string }).message,
      COMMON_PASSWORD_MESSAGE,
    );
    // A long, uncommon passphrase is fine.
    const ok = await t.api.request(
      "/api/admins",
      jsonRequest("POST", account("violet kettle drums at noon"), boss.headers),
    );
    await assertJsonResponse(ok, 201);
  }));

Deno.test("[security] passwords: a change of one's own password needs the current one", () =>
  withServices(async (t) => {
    const staff = await loginAs(t, "admin");
    const email = (await t.services.admins.get(staff.id))!.email;
    const change = (body: Record<string, string>) =>
      t.api.request(
        `/api/admins/${staff.id}`,
        jsonRequest("PUT", { password: "violet kettle drums at noon", ...body }, staff.headers),
        { clientAddress: "192.0.2.7" },
      );
    const missing = await assertJsonResponse(await change({}), 400) as {
      message: string;
      errors: { field: string }[];
    };
    assertEquals(missing.message, CURRENT_PASSWORD_REQUIRED);
    assertEquals(missing.errors[0].field, "currentPassword");
    const wrong = await assertJsonResponse(
      await change({ currentPassword: "not my password" }),
      403,
    ) as { message: string };
    assertEquals(wrong.message, CURRENT_PASSWORD_WRONG, "the UI shows this message");
    assert(await signsIn(t, email, STAFF_PASSWORD), "the password did not change");

    await assertJsonResponse(await change({ currentPassword: STAFF_PASSWORD }), 200);
    assert(await signsIn(t, email, "violet kettle drums at noon"), "the new password works");
    assert(!await signsIn(t, email, STAFF_PASSWORD), "the old one no longer does");

    // A superadmin resetting someone else's password is not asked for theirs.
    const boss = await loginAs(t, "seeded");
    const staffId = (await t.services.admins.getByEmail(email))!.id;
    const reset = await t.api.request(
      `/api/admins/${staffId}`,
      jsonRequest("PUT", { password: "amber lantern over rivers" }, boss.headers),
    );
    await assertJsonResponse(reset, 200);
    assert(await signsIn(t, email, "amber lantern over rivers"));
  }));

Deno.test("[security] passwords: guessing the current password with a session is limited like a login", () =>
  withServices(async (t) => {
    const me = await login(t, SUPERADMIN.email, SUPERADMIN.password);
    const change = (currentPassword: string) =>
      t.api.request(
        `/api/superadmins/${me.id}`,
        jsonRequest(
          "PUT",
          { password: "violet kettle drums at noon", currentPassword },
          me.headers,
        ),
        { clientAddress: "203.0.113.44" },
      );
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => change(`guess number ${i}`)),
    );
    const checked = guesses.filter((r) => r.status === 403).length;
    await Promise.all(guesses.map((r) => r.body?.cancel()));
    assertEquals(checked, LOGIN_LIMITS.pair.limit, "at most the limit checked");
    const limited = await change(SUPERADMIN.password);
    assert(Number(limited.headers.get("Retry-After")) > 0, "Retry-After");
    await assertJsonResponse(limited, 429);
  }));

Deno.test("[security] passwords: the server refuses to start with an ADMIN_PASSWORD the policy refuses", async () => {
  for (const adminPassword of ["password1234", "admin@example.com", "qwertyuiop12"]) {
    await assertRejects(
      () =>
        startServer(
          () => Promise.resolve(new Response("never")),
          new URL("./no-build/", import.meta.url),
          testConfig({ adminPassword }),
        ),
      Error,
      "Refusing to start: ADMIN_PASSWORD is refused",
    );
  }
});
