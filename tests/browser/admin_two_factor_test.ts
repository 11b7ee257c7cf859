import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { assert, assertEquals } from "../_lib/assert.ts";
import { BOSS, bossApi, LAPTOP, PHONE, shellReady, signedOut } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import { type RunningServer, serverApi } from "../_lib/server.ts";

const CLERK = { email: "clerk2fa@example.com", password: "a long clerk password" };

/** The code an authenticator app shows for `secret`, `stepsAhead` steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, "")),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function passwordStep(page: Page, creds: { email: string; password: string }) {
  await page.goto("/admin/login");
  const form = page.getByTestId("login-form");
  await hydrated(page, form);
  await form.getByLabel("Email").fill(creds.email);
  await form.getByLabel("Password", { exact: true }).fill(creds.password);
  await page.keyboard.press("Enter");
}

/** Sets two-factor up in the section on screen; answers the secret it showed. */
async function enrolOnScreen(
  page: Page,
  password: string,
  { wrongCodeFirst = false } = {},
): Promise<string> {
  const section = page.getByTestId("two-factor");
  await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await section.getByLabel("Password", { exact: true }).fill(password);
  await section.getByRole("button", { name: "Continue" }).click();
  await section.getByRole("img", { name: /QR code/ }).waitFor();
  const secret = (await section.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  const field = section.getByLabel("Authentication code");
  if (wrongCodeFirst) {
    // The key wraps between its groups, never inside one; a phone opens it in its app.
    const split = await section.getByTestId("two-factor-secret").evaluate((el) => {
      // Each group of the key as a Range over the text, whatever elements hold it.
      const chars: [Text, number][] = [];
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        for (let i = 0; i < n.textContent!.length; i++) chars.push([n as Text, i]);
      }
      const text = chars.map(([n, i]) => n.textContent![i]).join("");
      return [...text.matchAll(/\S+/g)].filter((m) => {
        const range = document.createRange();
        range.setStart(...chars[m.index]);
        const [last, at] = chars[m.index + m[0].length - 1];
        range.setEnd(last, at + 1);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      }).map((m) => m[0]);
    });
    assertEquals(split, [], "groups split over two lines");
    const link = section.getByRole("link", { name: "Open in an authenticator app" });
    const href = new URL((await link.getAttribute("href"))!);
    assertEquals([href.protocol, href.host], ["otpauth:", "totp"]);
    assertEquals(href.searchParams.get("secret"), secret);
    // A typo: said under the field; the set-up, its QR code and its key stay (no sign-out).
    const url = page.url();
    await field.fill("000000");
    await section.getByRole("button", { name: "Turn on" }).click();
    const said = section.locator("#twofa-code-error");
    await said.filter({ hasText: "Invalid authentication code" }).waitFor();
    assertEquals(await field.getAttribute("aria-describedby"), "twofa-code-error");
    assert(await field.evaluate((el) => el === document.activeElement), "the field has focus");
    assertEquals(page.url(), url);
    assertEquals(await section.getByRole("img", { name: /QR code/ }).count(), 1);
    const key = await section.getByTestId("two-factor-secret").innerText();
    assertEquals(key.replace(/\s/g, ""), secret, "the same key");
  }
  await field.fill(codeFor(secret));
  await section.getByRole("button", { name: "Turn on" }).click();
  const codes = section.getByTestId("recovery-codes");
  await codes.waitFor();
  assertEquals(await codes.locator("li").count(), 10);
  return secret;
}

/**
 * A clerk account with two-factor on, made through the API as its owner would (password, then
 * set-up and a code); answers its recovery codes.
 */
async function clerkWithTwoFactor(
  server: RunningServer,
  creds: { email: string; password: string },
) {
  await (await bossApi(server))("/api/admins", "POST", { username: "Clerk", image: "", ...creds });
  const api = serverApi(server);
  const call = async (path: string, body: unknown, token?: string) => {
    const res = await api.request(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return await res.json();
  };
  const { token } = await call("/api/admins/login", creds);
  const { secret } = await call("/api/auth/2fa/setup", { password: creds.password }, token);
  const { recoveryCodes } = await call(
    "/api/auth/2fa/enable",
    { code: codeFor(secret), password: creds.password },
    token,
  );
  return recoveryCodes as string[];
}

/** The recovery codes on screen: copied and downloaded as they are shown. */
async function saveCodes(page: Page): Promise<string[]> {
  const section = page.getByTestId("two-factor");
  const shown = await section.getByTestId("recovery-codes").locator("li").allInnerTexts();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await section.getByRole("button", { name: "Copy" }).click();
  await section.getByRole("status").filter({ hasText: "Copied" }).waitFor();
  assertEquals(await page.evaluate(() => navigator.clipboard.readText()), shown.join("\n"));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("button", { name: "Download" }).click(),
  ]);
  assertEquals(download.suggestedFilename(), "recovery-codes.txt");
  const file = await Deno.readTextFile((await download.path())!);
  for (const code of shown) assert(file.includes(`\n${code}\n`), `${code} in the file`);
  return shown;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

browserTest(
  "[browser] 2FA: set up in Profile Settings at 390 px, then sign in with the app's code (keyboard)",
  async ({ newPage }) => {
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await passwordStep(page, BOSS);
    await page.waitForURL("**/admin/dashboard");
    await shellReady(page);
    // On a phone the avatar opens Profile Settings directly.
    await page.getByTestId("avatar-button").click();
    const dialog = page.getByTestId("profile-settings");
    await dialog.waitFor();
    const secret = await enrolOnScreen(page, BOSS.password, { wrongCodeFirst: true });
    const box = (await dialog.boundingBox())!;
    assert(box.x >= 0 && box.x + box.width <= 390, `dialog on screen: ${JSON.stringify(box)}`);
    assert(await noSidewaysScroll(page), "no sideways scroll at 390 px");
    const first = await saveCodes(page);
    await dialog.getByRole("button", { name: "I have saved these codes" }).click();
    assertEquals(await dialog.getByText("On", { exact: true }).count(), 1);
    const left = dialog.getByTestId("recovery-codes-left");
    assertEquals(await left.innerText(), "Recovery codes left: 10.");

    // New codes on demand: the password and a code; the old ones are replaced.
    await dialog.getByRole("button", { name: "New recovery codes" }).click();
    await dialog.getByLabel("Password", { exact: true }).fill(BOSS.password);
    await dialog.getByLabel("Authentication code").fill(first[0]);
    await dialog.getByRole("button", { name: "Make new codes" }).click();
    await dialog.getByTestId("recovery-codes").waitFor();
    const second = await saveCodes(page);
    assertEquals(second.length, 10);
    assert(second.every((c) => !first.includes(c)), "all new");
    await dialog.getByRole("button", { name: "I have saved these codes" }).click();
    await left.filter({ hasText: "Recovery codes left: 10." }).waitFor();

    // Signed out, in again: the password, then the code (the next step, within the drift).
    await signedOut(page);
    await passwordStep(page, BOSS);
    const codeForm = page.getByTestId("login-code-form");
    await codeForm.waitFor();
    const field = codeForm.getByLabel("Authentication code");
    assertEquals(await field.getAttribute("autocomplete"), "one-time-code");
    assert(await field.evaluate((el) => el === document.activeElement), "the code field has focus");
    await page.keyboard.type("000000");
    await page.keyboard.press("Enter");
    await codeForm.getByRole("alert").filter({ hasText: "Invalid authentication code" }).waitFor();
    await field.fill(codeFor(secret, 1));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/admin/dashboard");
    // The wrong codes' answers (422 while setting up, 401 at sign-in) are expected.
    assertEquals(page.problems.filter((p) => !/ (401|422) /.test(p)), []);
  },
);

browserTest(
  "[browser] 2FA required for all staff at 1366 px: a clerk is sent to the set-up, then on; a superadmin resets it",
  async ({ newPage }) => {
    const boss = await newPage();
    await boss.setViewportSize({ width: 1366, height: 900 });
    await passwordStep(boss, BOSS);
    await boss.waitForURL("**/admin/dashboard");
    await shellReady(boss);
    // The superadmin turns two-factor on for itself (the policy asks for it first).
    await boss.getByTestId("avatar-button").click();
    await boss.getByRole("menuitem", { name: "Settings" }).click();
    await boss.getByTestId("profile-settings").waitFor();
    await enrolOnScreen(boss, BOSS.password);
    await boss.getByRole("button", { name: "I have saved these codes" }).click();
    const created = await boss.evaluate(async (clerk) => {
      const res = await fetch("/api/admins", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "Clerk", image: "", ...clerk }),
      });
      return res.status;
    }, CLERK);
    assertEquals(created, 201);

    await boss.goto("/admin/admins");
    const policy = boss.getByTestId("require-2fa");
    await hydrated(boss, policy);
    await policy.click();
    await boss.getByText("Two-factor authentication is now required for all staff").waitFor();
    // No reset of one's own (the API refuses it too): it would skip the password and code.
    const own = boss.getByTestId("admin-card").filter({ hasText: BOSS.email });
    assertEquals(await own.getByText("2FA on").count(), 1);
    assertEquals(await own.getByRole("button", { name: "Reset 2FA" }).count(), 0);
    // Turning one's own off while the shop requires it warns first.
    await boss.getByTestId("avatar-button").click();
    await boss.getByRole("menuitem", { name: "Settings" }).click();
    const mine = boss.getByTestId("two-factor");
    await mine.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await mine.getByRole("alert").filter({ hasText: "The shop requires two-factor" }).waitFor();
    await mine.getByRole("button", { name: "Cancel" }).click();
    await boss.keyboard.press("Escape");
    await boss.getByTestId("profile-settings").waitFor({ state: "detached" });

    const clerk = await newPage();
    await clerk.setViewportSize({ width: 1366, height: 900 });
    await passwordStep(clerk, CLERK);
    await clerk.waitForURL("**/admin/two-factor-setup");
    // Any other page sends it back to the set-up.
    await clerk.goto("/admin/orders");
    assertEquals(new URL(clerk.url()).pathname, "/admin/two-factor-setup");
    // Not now (the phone is at home): signing out ends the session.
    const signOut = clerk.getByRole("button", { name: "Sign out" });
    await hydrated(clerk, signOut);
    await signOut.click();
    await clerk.waitForURL("**/admin/login");
    await clerk.goto("/admin/two-factor-setup");
    assertEquals(new URL(clerk.url()).pathname, "/admin/login");
    await passwordStep(clerk, CLERK);
    await clerk.waitForURL("**/admin/two-factor-setup");
    await hydrated(clerk, clerk.getByTestId("two-factor"));
    await enrolOnScreen(clerk, CLERK.password);
    await clerk.getByRole("button", { name: "I have saved these codes" }).click();
    await clerk.waitForURL("**/admin/orders");

    // The clerk's phone is lost: the superadmin resets it, and the clerk is signed out.
    await boss.reload();
    const card = boss.getByTestId("admin-card").filter({ hasText: CLERK.email });
    await hydrated(boss, card);
    assertEquals(await card.getByText("2FA on").count(), 1);
    await card.getByRole("button", { name: "Reset 2FA" }).click();
    // The dialog says what the policy makes of it: set up again right after the password.
    await boss.getByRole("dialog").filter({ hasText: "The shop requires it for all staff" })
      .waitFor();
    await boss.getByRole("button", { name: "Reset", exact: true }).click();
    await card.getByText("2FA off").waitFor();
    await clerk.goto("/admin/orders");
    assertEquals(new URL(clerk.url()).pathname, "/admin/login");
  },
);

for (const [width, device] of [[390, PHONE], [1366, LAPTOP]] as const) {
  browserTest(
    `[browser] 2FA at ${width} px: a lost phone signs in with a recovery code (typed as printed)`,
    async ({ server, newPage }) => {
      const creds = { email: `lost${width}@example.com`, password: "a long clerk password" };
      const recoveryCodes = await clerkWithTwoFactor(server, creds);
      const page = await newPage(device);
      await passwordStep(page, creds);
      const codeForm = page.getByTestId("login-code-form");
      await codeForm.waitFor();
      // The app's code first (the field's own rule), then the switch to a recovery code.
      await codeForm.getByLabel("Authentication code").fill("12345");
      await codeForm.getByRole("button", { name: "Use a recovery code" }).click();
      const field = codeForm.getByLabel("Recovery code");
      assert(await field.evaluate((el) => el === document.activeElement), "the field has focus");
      await page.keyboard.type(recoveryCodes[0]);
      assert(
        await field.evaluate((el) => (el as HTMLInputElement).validity.valid),
        `the browser takes the code: pattern=${
          JSON.stringify(await field.getAttribute("pattern"))
        }`,
      );
      await page.keyboard.press("Enter");
      await page.waitForURL("**/admin/orders");
      // The superadmin endpoint's 401 for an admin is part of the sign-in (spec).
      assertEquals(page.problems.filter((p) => !p.includes("401")), []);
    },
  );
}
