import { LOGIN_LIMITS } from "../../src/services/admin-auth.ts";
import { restoreShop } from "../../src/services/restore.ts";
import { writeBackup } from "../../src/store/backup.ts";
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { login, loginAs, STAFF_PASSWORD, SUPERADMIN } from "../_lib/admin.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";
import { codeAt, enrol, passwordStep, post, signInWithCode } from "../_lib/two-factor.ts";

Deno.test("[api] 2FA enrolment: an otpauth URI and QR; on only after a right code; ten recovery codes stored as hashes", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const setup = await assertJsonResponse(
      await post(t, "/api/auth/2fa/setup", { password: SUPERADMIN.password }, boss),
      200,
    ) as {
      secret: string;
      otpauthUrl: string;
      qr: string[];
    };
    const uri = new URL(setup.otpauthUrl);
    assertEquals(uri.protocol, "otpauth:");
    assertEquals(uri.host, "totp");
    assertEquals(
      [uri.searchParams.get("algorithm"), uri.searchParams.get("digits")],
      ["SHA1", "6"],
    );
    assertEquals(uri.searchParams.get("period"), "30");
    assertEquals(uri.searchParams.get("secret"), setup.secret);
    assert(setup.qr.length >= 21 && setup.qr.every((row) => row.length === setup.qr.length));

    const password = SUPERADMIN.password;
    const wrong = await post(t, "/api/auth/2fa/enable", { code: "000000", password }, boss);
    await assertJsonResponse(wrong, 422);
    assertEquals((await t.services.admins.get(boss.id))!.twoFactor, false, "still off");

    const on = await assertJsonResponse(
      await post(t, "/api/auth/2fa/enable", { code: codeAt(setup.secret), password }, boss),
      200,
    ) as { recoveryCodes: string[]; user: { twoFactorEnabled: boolean }; message: string };
    assertEquals(on.message, "Two-factor authentication is on");
    assertEquals(on.user.twoFactorEnabled, true);
    assertEquals(on.recoveryCodes.length, 10);
    assertEquals(new Set(on.recoveryCodes).size, 10);

    // At rest: neither the secret nor any recovery code in clear text, anywhere in KV.
    const dump: string[] = [];
    for await (const e of t.kv.list({ prefix: [] })) dump.push(JSON.stringify(e.value));
    const all = dump.join("\n");
    assert(!all.includes(setup.secret), "the TOTP secret is encrypted");
    for (const code of on.recoveryCodes) assert(!all.includes(code), "recovery codes hashed");
    const audit = await t.services.audit.forRecord("admin", boss.id);
    assert(audit.some((a) => a.action === "admin.2fa.enable"), "audited");
  }));

Deno.test("[api] 2FA sign-in: password then code; a code is accepted once; one step of drift; recovery codes once", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const { secret, recoveryCodes } = await enrol(t, boss, SUPERADMIN.password);

    const first = await passwordStep(t, SUPERADMIN.email, SUPERADMIN.password);
    assertEquals(first.twoFactorRequired, true);
    assert(first.challenge && !first.token, "no session before the code");
    // The challenge is not a session token.
    const asToken = await t.api.request("/api/auth/verify", {
      headers: { Authorization: `Bearer ${first.challenge}` },
    });
    await assertJsonResponse(asToken, 401);

    // The step used at enrolment (and any before it) is spent.
    const spent = await post(t, "/api/auth/2fa", {
      challenge: first.challenge,
      code: codeAt(secret, Date.now() - 30_000),
    });
    await assertJsonResponse(spent, 401);

    // A fresh step (the next one, within the drift) signs in, once.
    const next = codeAt(secret, Date.now() + 30_000);
    const ok = await post(t, "/api/auth/2fa", { challenge: first.challenge, code: next });
    const session = await assertJsonResponse(ok, 200) as { token: string };
    assert(ok.headers.get("set-cookie")?.includes("admin_session="), "the cookie is set");
    const verify = await t.api.request("/api/auth/verify", {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    await assertJsonResponse(verify, 200);
    // A sign-in's challenge made its session: it makes no other.
    const second = await post(t, "/api/auth/2fa", {
      challenge: first.challenge,
      code: recoveryCodes[0],
    });
    assertEquals(
      (await assertJsonResponse(second, 401) as { message: string }).message,
      "Your sign-in has expired. Please sign in again.",
    );
    const challenge = async () =>
      (await passwordStep(t, SUPERADMIN.email, SUPERADMIN.password)).challenge;
    const replay = await post(t, "/api/auth/2fa", { challenge: await challenge(), code: next });
    assertEquals(
      (await assertJsonResponse(replay, 401) as { message: string }).message,
      "This code was already used. Wait for the next one in your app.",
    );
    // Two steps away is outside the drift.
    const far = await post(t, "/api/auth/2fa", {
      challenge: await challenge(),
      code: codeAt(secret, Date.now() + 95_000),
    });
    assertEquals(
      (await assertJsonResponse(far, 401) as { message: string }).message,
      "Invalid authentication code",
    );

    // A recovery code (typed with spaces, lower case) works once.
    const typed = recoveryCodes[3].toLowerCase().replace(/-/g, " ");
    const rec = await post(t, "/api/auth/2fa", { challenge: await challenge(), code: typed });
    await assertJsonResponse(rec, 200);
    const again = await post(t, "/api/auth/2fa", {
      challenge: await challenge(),
      code: recoveryCodes[3],
    });
    await assertJsonResponse(again, 401);

    // A forged or altered challenge is refused.
    // A character inside the signature (the last one carries unused bits).
    const c = first.challenge!;
    const at = c.length - 10;
    const altered = c.slice(0, at) + (c[at] === "A" ? "B" : "A") + c.slice(at + 1);
    const bad = await post(t, "/api/auth/2fa", { challenge: altered, code: recoveryCodes[4] });
    await assertJsonResponse(bad, 401);
  }));

Deno.test("[api] 2FA: wrong codes count toward the sign-in limit; over it, even the right code is not checked", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const { secret } = await enrol(t, boss, SUPERADMIN.password);
    const { challenge } = await passwordStep(
      t,
      SUPERADMIN.email,
      SUPERADMIN.password,
      "198.51.100.7",
    );
    const guesses = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.pair.limit + 5 }, (_, i) =>
        post(
          t,
          "/api/auth/2fa",
          {
            challenge,
            code: String(100000 + i),
          },
          undefined,
          "198.51.100.7",
        )),
    );
    const statuses = guesses.map((r) => r.status);
    await Promise.all(guesses.map((r) => r.body?.cancel()));
    assert(statuses.every((s) => s === 401 || s === 429), String(statuses));
    const right = await post(
      t,
      "/api/auth/2fa",
      {
        challenge,
        code: codeAt(secret, Date.now() + 30_000),
      },
      undefined,
      "198.51.100.7",
    );
    assertEquals(right.status, 429, "limited: the code is not even checked");
    await right.body?.cancel();
  }));

Deno.test("[api] 2FA off takes the password and a current code; a superadmin's reset ends the sessions (audited)", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const { secret } = await enrol(t, clerk, STAFF_PASSWORD);
    const noPass = await post(t, "/api/auth/2fa/disable", {
      password: "wrong password here",
      code: codeAt(secret, Date.now() + 30_000),
    }, clerk);
    await assertJsonResponse(noPass, 403);
    const noCode = await post(t, "/api/auth/2fa/disable", {
      password: STAFF_PASSWORD,
      code: "123456",
    }, clerk);
    await assertJsonResponse(noCode, 422);
    const off = await post(t, "/api/auth/2fa/disable", {
      password: STAFF_PASSWORD,
      code: codeAt(secret, Date.now() + 30_000),
    }, clerk);
    assertEquals(
      (await assertJsonResponse(off, 200) as { user: { twoFactorEnabled: boolean } })
        .user.twoFactorEnabled,
      false,
    );

    // On again, then the phone is lost: a superadmin resets it.
    await enrol(t, clerk, STAFF_PASSWORD);
    const boss = await loginAs(t, "seeded");
    const byClerk = await post(t, `/api/auth/2fa/reset/${clerk.id}`, {}, clerk);
    await assertJsonResponse(byClerk, 403);
    const reset = await post(t, `/api/auth/2fa/reset/${clerk.id}`, {}, boss);
    await assertJsonResponse(reset, 200);
    const gone = await t.api.request("/api/auth/verify", { headers: clerk.headers });
    await assertJsonResponse(gone, 401);
    const account = (await t.services.admins.get(clerk.id))!;
    assertEquals(account.twoFactor, false);
    // Signs in with the password alone again.
    await login(t, account.email, STAFF_PASSWORD);
    const audit = await t.services.audit.forRecord("admin", clerk.id);
    const reset1 = audit.find((a) => a.action === "admin.2fa.reset")!;
    assertEquals(reset1.actor.id, boss.id);
  }));

Deno.test("[api] 'Require two-factor for all staff': an account without it may only enrol", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const clerk = await loginAs(t, "admin");
    const byClerk = await t.api.request(
      "/api/settings/security",
      jsonRequest("PUT", { requireTwoFactor: true }, clerk.headers),
    );
    await assertJsonResponse(byClerk, 403);
    const early = await t.api.request(
      "/api/settings/security",
      jsonRequest("PUT", { requireTwoFactor: true }, boss.headers),
    );
    assertEquals(
      (await assertJsonResponse(early, 409) as { message: string }).message,
      "Turn on two-factor authentication for your own account first",
    );
    await enrol(t, boss, SUPERADMIN.password);
    const put = await t.api.request(
      "/api/settings/security",
      jsonRequest("PUT", { requireTwoFactor: true }, boss.headers),
    );
    assertEquals(await assertJsonResponse(put, 200), { requireTwoFactor: true });

    const orders = await t.api.request("/api/orders", { headers: clerk.headers });
    const refused = await assertJsonResponse(orders, 403) as { error: string; message: string };
    assertEquals(refused.error, "two_factor_required");
    await assertJsonResponse(
      await t.api.request("/api/auth/verify", { headers: clerk.headers }),
      200,
    );
    await enrol(t, clerk, STAFF_PASSWORD);
    await assertJsonResponse(
      await t.api.request("/api/orders", { headers: clerk.headers }),
      200,
    );
    const audit = await t.services.audit.forRecord("settings", "security");
    assertEquals(audit.map((a) => a.action), ["settings.security"]);
  }));

Deno.test("[api] 2FA after a restore without secrets: said at restore (audited), shown to staff; the password signs in, then set it up again", async () => {
  // The shop before: the superadmin with two-factor on, a clerk without; backed up without
  // secrets.
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bossId = "";
  await withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    bossId = boss.id;
    await enrol(t, boss, SUPERADMIN.password);
    await loginAs(t, "admin");
    await writeBackup(t.kv, new WritableStream({ write: (c) => void chunks.push(c.slice()) }));
  });
  const open = () => Promise.resolve(new Blob(chunks).stream());
  await withServices(async (t) => {
    const restored = await restoreShop(t.kv, open, { source: "shop.jsonl" });
    assertEquals(restored.twoFactorLost, [SUPERADMIN.email], "said at restore");
    const audit = async () =>
      (await t.services.audit.forRecord("admin", bossId)).map((a) => a.action);
    assert((await audit()).includes("admin.2fa.restore_lost"), "audited at restore");

    const step = await passwordStep(t, SUPERADMIN.email, SUPERADMIN.password);
    assert(step.token && !step.twoFactorRequired, "signed in with the password");
    const boss = {
      token: step.token!,
      id: bossId,
      headers: { Authorization: `Bearer ${step.token}` },
    };
    assert((await audit()).includes("admin.2fa.lost"), "audited at sign-in");
    const listed = async () =>
      (await assertJsonResponse(
        await t.api.request("/api/superadmins", { headers: boss.headers }),
        200,
      ) as { email: string; twoFactorEnabled: boolean; twoFactorLost: boolean }[])
        .find((a) => a.email === SUPERADMIN.email)!;
    const shown = await listed();
    assertEquals([shown.twoFactorEnabled, shown.twoFactorLost], [false, true], "staff see it");
    await enrol(t, boss, SUPERADMIN.password);
    const again = await listed();
    assertEquals([again.twoFactorEnabled, again.twoFactorLost], [true, false], "set up again");
  }, { seed: false });
});

Deno.test("[api] 2FA: one sign-in challenge makes at most one session, codes sent at once; the codes that lost stay unspent", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const { secret, recoveryCodes } = await enrol(t, boss, SUPERADMIN.password);
    const { challenge } = await passwordStep(t, SUPERADMIN.email, SUPERADMIN.password);
    // What the audit tried within one challenge: a code, the next step's code, recovery codes.
    const codes = [
      codeAt(secret, Date.now() + 30_000),
      recoveryCodes[0],
      recoveryCodes[1],
      recoveryCodes[2],
    ];
    const answers = await Promise.all(
      codes.map((code) => post(t, "/api/auth/2fa", { challenge, code })),
    );
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.body?.cancel()));
    assertEquals(statuses.filter((s) => s === 200).length, 1, `one session: ${statuses}`);
    assert(statuses.every((s) => s === 200 || s === 401), String(statuses));
    // Each code that lost the race still signs in, with a challenge of its own.
    for (const [i, code] of codes.entries()) {
      if (statuses[i] !== 200) await signInWithCode(t, SUPERADMIN, code);
    }
  }));

/** Waits, when the current TOTP step ends within `ms`, for the next one to begin. */
async function clearOfStepEnd(ms: number) {
  const left = 30_000 - Date.now() % 30_000;
  if (left < ms) await new Promise((r) => setTimeout(r, left + 20));
}

Deno.test("[api] 2FA: a code of the next step (a phone's clock ahead) does not lock out the current step's code", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const password = SUPERADMIN.password;
    await clearOfStepEnd(3_000);
    // Enrolled with the previous step's code: the current step is unused.
    const { secret } = await assertJsonResponse(
      await post(t, "/api/auth/2fa/setup", { password }, boss),
      200,
    ) as { secret: string };
    const on = await post(t, "/api/auth/2fa/enable", {
      code: codeAt(secret, Date.now() - 30_000),
      password,
    }, boss);
    await assertJsonResponse(on, 200);
    const challenges = [];
    for (let i = 0; i < 4; i++) {
      challenges.push((await passwordStep(t, SUPERADMIN.email, password)).challenge);
    }
    await clearOfStepEnd(3_000);
    const now = Date.now();
    const ahead = codeAt(secret, now + 30_000);
    const current = codeAt(secret, now);
    const signIn = async (challenge: string | undefined, code: string) => {
      const res = await post(t, "/api/auth/2fa", { challenge, code });
      const body = await res.json() as { message?: string };
      return `${res.status} ${body.message ?? ""}`.trim();
    };
    assertEquals(await signIn(challenges[0], ahead), "200", "the phone ahead signs in");
    assertEquals(await signIn(challenges[1], current), "200", "the owner's current code too");
    const used = "401 This code was already used. Wait for the next one in your app.";
    assertEquals(await signIn(challenges[2], ahead), used, "each once");
    assertEquals(await signIn(challenges[3], current), used);
  }));

Deno.test("[api] 2FA: a wrong or used code while turning it on or off is a field error (422); the session and the set-up stay", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const password = SUPERADMIN.password;
    const fieldError = async (res: Response) => {
      const body = await assertJsonResponse(res, 422) as { errors: unknown };
      return body.errors;
    };
    const signedIn = async () => {
      const res = await t.api.request("/api/auth/verify", { headers: boss.headers });
      await res.body?.cancel();
      return res.status === 200;
    };
    const { secret } = await assertJsonResponse(
      await post(t, "/api/auth/2fa/setup", { password }, boss),
      200,
    ) as { secret: string };
    const wrong = await post(t, "/api/auth/2fa/enable", { code: "000000", password }, boss);
    assertEquals(await fieldError(wrong), [
      { field: "code", message: "Invalid authentication code" },
    ]);
    assert(await signedIn(), "still signed in");
    // The key the app saved is still the one: its next code turns it on.
    const code = codeAt(secret);
    await assertJsonResponse(
      await post(t, "/api/auth/2fa/enable", { code, password }, boss),
      200,
    );

    const used = await post(t, "/api/auth/2fa/disable", { password, code }, boss);
    assertEquals(await fieldError(used), [
      { field: "code", message: "This code was already used. Wait for the next one in your app." },
    ]);
    const off = await post(t, "/api/auth/2fa/disable", { password, code: "999999" }, boss);
    assertEquals(await fieldError(off), [
      { field: "code", message: "Invalid authentication code" },
    ]);
    assert(await signedIn(), "still signed in");
    assertEquals((await t.services.admins.get(boss.id))!.twoFactor, true, "still on");
  }));

Deno.test("[api] 2FA: how many recovery codes are left; new ones on demand with the password and a code (audited)", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const password = SUPERADMIN.password;
    const status = async () =>
      await assertJsonResponse(
        await t.api.request("/api/auth/2fa", { headers: boss.headers }),
        200,
      );
    assertEquals(await status(), { enabled: false, recoveryCodesLeft: 0, required: false });
    const { secret, recoveryCodes } = await enrol(t, boss, password);
    assertEquals(await status(), { enabled: true, recoveryCodesLeft: 10, required: false });
    await signInWithCode(t, SUPERADMIN, recoveryCodes[0]);
    assertEquals((await status() as { recoveryCodesLeft: number }).recoveryCodesLeft, 9);

    const renew = (body: unknown) => post(t, "/api/auth/2fa/recovery-codes", body, boss);
    await assertJsonResponse(await renew({ password }), 400);
    await assertJsonResponse(await renew({ password: "a guess", code: recoveryCodes[1] }), 403);
    await assertJsonResponse(await renew({ password, code: "000000" }), 422);
    const made = await assertJsonResponse(
      await renew({ password, code: codeAt(secret, Date.now() + 30_000) }),
      200,
    ) as { recoveryCodes: string[] };
    assertEquals(made.recoveryCodes.length, 10);
    assert(made.recoveryCodes.every((c) => !recoveryCodes.includes(c)), "all new");
    assertEquals((await status() as { recoveryCodesLeft: number }).recoveryCodesLeft, 10);
    // The old ones stop working; the new ones sign in.
    const { challenge } = await passwordStep(t, SUPERADMIN.email, password);
    await assertJsonResponse(
      await post(t, "/api/auth/2fa", { challenge, code: recoveryCodes[2] }),
      401,
    );
    await signInWithCode(t, SUPERADMIN, made.recoveryCodes[0]);
    const audit = await t.services.audit.forRecord("admin", boss.id);
    assert(audit.some((a) => a.action === "admin.2fa.recovery_codes"), "audited");
  }));
