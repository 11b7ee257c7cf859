/**
 * An attacker holding only a session (a stolen cookie, an unlocked machine): it must not take
 * the account over. Changing the email, the password or the second factor needs the current
 * password, counted like a login; turning two-factor on or off and a new email end the
 * account's other sessions, never the one making the change.
 */
import { LOGIN_LIMITS } from "../../src/services/admin-auth.ts";
import { CURRENT_PASSWORD_FOR_EMAIL } from "../../src/services/admin-accounts.ts";
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { login, loginAs, type SignedIn, STAFF_PASSWORD, SUPERADMIN } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { codeAt, enrol, passwordStep, post, signInWithCode } from "../_lib/two-factor.ts";

const verify = async (t: TestContext, who: SignedIn) => {
  const res = await t.api.request("/api/auth/verify", { headers: who.headers });
  await res.body?.cancel();
  return res.status;
};

const fieldsOf = (body: unknown) =>
  ((body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);

Deno.test("[api] a stolen session cannot turn on two-factor: set-up and enable need the current password", () =>
  withServices(async (t) => {
    const stolen = await loginAs(t, "seeded");
    const none = await assertJsonResponse(await post(t, "/api/auth/2fa/setup", {}, stolen), 400);
    assertEquals(fieldsOf(none), ["password"]);
    const guess = await assertJsonResponse(
      await post(t, "/api/auth/2fa/setup", { password: "a guess at it" }, stolen),
      403,
    );
    assertEquals(fieldsOf(guess), ["password"]);

    // Even with a set-up the owner started (and left), the code alone turns nothing on.
    const owner = await login(t, SUPERADMIN.email, SUPERADMIN.password);
    const { secret } = await assertJsonResponse(
      await post(t, "/api/auth/2fa/setup", { password: SUPERADMIN.password }, owner),
      200,
    ) as { secret: string };
    const codeOnly = await post(t, "/api/auth/2fa/enable", { code: codeAt(secret) }, stolen);
    await assertJsonResponse(codeOnly, 400);
    const wrong = await post(t, "/api/auth/2fa/enable", {
      code: codeAt(secret),
      password: "a guess at it",
    }, stolen);
    await assertJsonResponse(wrong, 403);

    const account = (await t.services.admins.get(stolen.id))!;
    assertEquals(account.twoFactor, false, "still off");
    const step = await passwordStep(t, SUPERADMIN.email, SUPERADMIN.password);
    assert(step.token && !step.twoFactorRequired, "the owner signs in with the password alone");
  }));

Deno.test("[api] a stolen session's password guesses count in the login limits (set-up as a login)", () =>
  withServices(async (t) => {
    const stolen = await loginAs(t, "seeded");
    const client = "198.51.100.23";
    const guesses = await Promise.all(
      Array.from(
        { length: LOGIN_LIMITS.pair.limit + 5 },
        (_, i) => post(t, "/api/auth/2fa/setup", { password: `guess ${i}` }, stolen, client),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    await Promise.all(guesses.map((r) => r.body?.cancel()));
    assertEquals(statuses.filter((s) => s === 403).length, LOGIN_LIMITS.pair.limit, "checked");
    assertEquals(statuses.filter((s) => s === 429).length, 5, "the rest refused unchecked");
    // The login of the same account from the same address is now limited too.
    const res = await post(t, "/api/superadmins/login", SUPERADMIN, undefined, client);
    await assertJsonResponse(res, 429);
  }));

Deno.test("[api] a stolen session cannot change the sign-in email without the current password", () =>
  withServices(async (t) => {
    const stolen = await loginAs(t, "admin");
    const email = (await t.services.admins.get(stolen.id))!.email;
    const change = (body: Record<string, string>) =>
      t.api.request(
        `/api/admins/${stolen.id}`,
        jsonRequest("PUT", { email: "attacker@example.com", ...body }, stolen.headers),
      );
    const missing = await assertJsonResponse(await change({}), 400) as { message: string };
    assertEquals(missing.message, CURRENT_PASSWORD_FOR_EMAIL);
    assertEquals(fieldsOf(missing), ["currentPassword"]);
    const wrong = await assertJsonResponse(await change({ currentPassword: "a guess" }), 403);
    assertEquals(fieldsOf(wrong), ["currentPassword"]);
    assertEquals((await t.services.admins.get(stolen.id))!.email, email, "unchanged");
    // The same path for a superadmin's own account.
    const boss = await loginAs(t, "seeded");
    const own = await t.api.request(
      `/api/superadmins/${boss.id}`,
      jsonRequest("PUT", { email: "attacker@example.com" }, boss.headers),
    );
    await assertJsonResponse(own, 400);
    await login(t, SUPERADMIN.email, SUPERADMIN.password);
    // A name or a picture needs no password.
    const name = t.api.request(
      `/api/admins/${stolen.id}`,
      jsonRequest("PUT", { username: "Renamed", email }, stolen.headers),
    );
    await assertJsonResponse(await name, 200);
  }));

Deno.test("[api] a new email ends the account's other sessions; the one that changed it stays", () =>
  withServices(async (t) => {
    const here = await loginAs(t, "admin");
    const email = (await t.services.admins.get(here.id))!.email;
    const elsewhere = await login(t, email, STAFF_PASSWORD);
    const res = await t.api.request(
      `/api/admins/${here.id}`,
      jsonRequest(
        "PUT",
        { email: "new-address@example.com", currentPassword: STAFF_PASSWORD },
        here.headers,
      ),
    );
    assertEquals(
      (await assertJsonResponse(res, 200) as { email: string }).email,
      "new-address@example.com",
    );
    assertEquals(await verify(t, here), 200, "the session that changed it");
    assertEquals(await verify(t, elsewhere), 401, "the account's other session");
    await login(t, "new-address@example.com", STAFF_PASSWORD);
    // A superadmin changing it for someone signs that account out everywhere, not itself.
    const boss = await loginAs(t, "seeded");
    const again = await login(t, "new-address@example.com", STAFF_PASSWORD);
    const byBoss = await t.api.request(
      `/api/admins/${here.id}`,
      jsonRequest("PUT", { email: "third@example.com" }, boss.headers),
    );
    await assertJsonResponse(byBoss, 200);
    assertEquals(await verify(t, again), 401);
    assertEquals(await verify(t, boss), 200);
  }));

Deno.test("[api] turning two-factor on or off ends the account's other sessions, not the current one", () =>
  withServices(async (t) => {
    const creds = { email: SUPERADMIN.email, password: SUPERADMIN.password };
    const here = await login(t, creds.email, creds.password);
    const elsewhere = await login(t, creds.email, creds.password);
    const { secret, recoveryCodes } = await enrol(t, here, creds.password);
    assertEquals(await verify(t, here), 200, "the session that turned it on");
    assertEquals(await verify(t, elsewhere), 401, "another session, signed in without a code");

    const second = await signInWithCode(t, creds, codeAt(secret, Date.now() + 30_000));
    const off = await post(t, "/api/auth/2fa/disable", {
      password: creds.password,
      code: recoveryCodes[0],
    }, here);
    await assertJsonResponse(off, 200);
    assertEquals(await verify(t, here), 200, "the session that turned it off");
    assertEquals(await verify(t, second), 401, "another session");
  }));

Deno.test("[api] a superadmin's session cannot reset its own two-factor (that is turning it off without proofs)", () =>
  withServices(async (t) => {
    const stolen = await loginAs(t, "seeded");
    await enrol(t, stolen, SUPERADMIN.password);
    const res = await post(t, `/api/auth/2fa/reset/${stolen.id}`, {}, stolen);
    assertEquals(
      (await assertJsonResponse(res, 409) as { message: string }).message,
      "Turn your own two-factor authentication off in Profile Settings",
    );
    assertEquals((await t.services.admins.get(stolen.id))!.twoFactor, true);
  }));
