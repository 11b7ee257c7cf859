import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BOSS, shellReady, signedOut, signInAs } from "../_lib/admin-browser.ts";
import { seriousViolations } from "../_lib/axe.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";

const CLERK = { email: "clerk@example.com", password: "a long clerk password" };

browserTest(
  "[browser] admin: guard, login as both roles, register an admin, profile, logout; a 401 clears the stored user",
  async ({ newPage, server }) => {
    const page = await newPage();

    // An anonymous visitor is sent to the login page, then back to what was asked for.
    await page.goto("/admin/products?view=1");
    assertEquals(new URL(page.url()).pathname, "/admin/login");
    await signInAs(page, BOSS, page.url());
    assertEquals(
      new URL(page.url()).pathname + new URL(page.url()).search,
      "/admin/products?view=1",
    );

    // The superadmin's shell: full navigation in the drawer, by keyboard.
    await shellReady(page);
    const menu = page.getByTestId("menu-button");
    await menu.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByTestId("admin-drawer");
    await drawer.waitFor();
    assertStringIncludes(await drawer.innerText(), "Admin Panel");
    const links = await drawer.getByRole("link").allInnerTexts();
    assertEquals(links.length, 14);
    assertEquals(await drawer.locator("a[aria-current=page]").innerText(), "Products");
    await drawer.getByTestId("active-dot").waitFor();
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });

    // Register a regular admin.
    await page.goto("/admin/register-admin");
    const form = page.getByTestId("register-admin-form");
    await hydrated(page, form);
    await form.getByLabel("Username").fill("Clerk");
    await form.getByLabel("Email").fill(CLERK.email);
    await form.getByLabel("Password").fill("short");
    await form.getByRole("button", { name: "Register Admin" }).click();
    await form.getByRole("alert").filter({ hasText: "at least 12 characters" }).waitFor();
    await form.getByLabel("Password").fill(CLERK.password);
    await form.getByLabel("Role").selectOption("admin");
    await form.getByRole("button", { name: "Register Admin" }).click();
    await form.getByText("Admin registered successfully!").waitFor();
    assertEquals(await form.getByLabel("Username").inputValue(), "", "the form is cleared");

    // Admin Management lists both accounts.
    await page.goto("/admin/admins");
    const cards = page.getByTestId("admin-card");
    assertEquals(await cards.count(), 2);
    assertStringIncludes(
      (await cards.filter({ hasText: CLERK.email }).innerText()).toLowerCase(),
      "admin",
    );

    // Profile: the new username shows in the shell after the reload.
    await shellReady(page);
    await page.getByTestId("avatar-button").click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    const profile = page.getByTestId("profile-settings");
    await profile.getByLabel("Username").fill("The Boss");
    await Promise.all([
      page.waitForEvent("load"),
      profile.getByRole("button", { name: "Update Profile" }).click(),
    ]);
    assertEquals(await page.getByTestId("shell-username").innerText(), "The Boss");
    // The page loaded again to show the new name everywhere; the message came through it.
    await page.getByText("Profile updated").waitFor();

    // Logout: back to the login page, and the admin pages are closed again.
    await shellReady(page);
    await page.getByTestId("avatar-button").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/admin/login");
    await page.goto("/admin/orders");
    assertEquals(new URL(page.url()).pathname, "/admin/login");

    // The new admin signs in, lands on the orders, sees only its navigation.
    await signInAs(page, CLERK);
    assertEquals(new URL(page.url()).pathname, "/admin/orders");
    await shellReady(page);
    await page.getByTestId("menu-button").click();
    assertEquals(await page.getByTestId("admin-drawer").getByRole("link").allInnerTexts(), [
      "Orders",
      "Quotes",
      "Invoices",
      "E-invoices",
      "Receivables",
      "Bank statements",
      "Products",
      "Subscribers",
    ]);
    await page.keyboard.press("Escape");
    await page.goto("/admin/admins");
    assertEquals(new URL(page.url()).pathname, "/admin/dashboard", "superadmin pages are closed");

    // The session ends elsewhere (signed out with its token); the next call's 401 clears the
    // stored user and the cookie, and leads to the login page.
    const stored = () => page.evaluate(() => localStorage.getItem("adminUser"));
    assert((await stored())?.includes(CLERK.email), "the signed-in user is stored");
    const session = (await page.context().cookies()).find((c) => c.name === "admin_session")!;
    await fetch(`${server.url}/api/auth/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${session.value}` },
    }).then((r) => r.body?.cancel());
    // (Opening Profile Settings makes that call: it reads the account's two-factor.)
    await shellReady(page);
    await page.getByTestId("avatar-button").click();
    await Promise.all([
      page.waitForURL("**/admin/login?next=*"),
      page.getByRole("menuitem", { name: "Settings" }).click(),
    ]);
    assertEquals(await stored(), null, "a 401 clears the stored user");
    assertEquals(
      (await page.context().cookies()).some((c) => c.name === "admin_session"),
      false,
      "and the session cookie",
    );
    // The failed requests are the ones asked for: the short password (422) and the superadmin
    // endpoint's 401 for a regular admin, which the login sequence expects.
    assertEquals(page.problems.filter((p) => !/status of (401|422)/.test(p)), []);
  },
);

browserTest(
  "[browser] admin login: a wrong password shows the server's message",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/admin/login");
    const form = page.getByTestId("login-form");
    await hydrated(page, form);
    await form.getByLabel("Email").fill(BOSS.email);
    await form.getByLabel("Password", { exact: true }).fill("not the password");
    await form.getByRole("button", { name: "Show password" }).click();
    assertEquals(await form.getByLabel("Password", { exact: true }).getAttribute("type"), "text");
    await form.getByRole("button", { name: "Sign in" }).click();
    await form.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    assert(new URL(page.url()).pathname === "/admin/login");
  },
);

browserTest(
  "[browser] axe-core: admin login and Admin Management, desktop and phone",
  async ({ server, browser }) => {
    const found: string[] = [];
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ baseURL: server.url, bypassCSP: true, viewport });
      const page = await context.newPage();
      await page.goto("/admin/login");
      found.push(...await seriousViolations(page, `${viewport.width}px /admin/login`));
      await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Fadmins");
      await shellReady(page);
      found.push(...await seriousViolations(page, `${viewport.width}px /admin/admins`));
      await page.getByTestId("menu-button").click();
      await page.getByTestId("admin-drawer").waitFor();
      found.push(...await seriousViolations(page, `${viewport.width}px drawer`));
      await context.close();
    }
    assertEquals(found, [], found.join("\n"));
  },
);

browserTest(
  "[browser] admin: Profile Settings changes one's own password or email only with the current password",
  async ({ newPage }) => {
    const page = await newPage();
    await signInAs(page, BOSS);
    await shellReady(page);
    await page.getByTestId("avatar-button").click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    const profile = page.getByTestId("profile-settings");
    await profile.getByLabel("Current password").waitFor();
    assertEquals(await seriousViolations(page, "Profile Settings"), []);
    await profile.getByLabel("New password").fill("violet kettle drums at noon");
    await profile.getByLabel("Current password").fill("not my password");
    const alerted = new Promise<string>((resolve) =>
      page.once("dialog", async (d) => {
        resolve(d.message());
        await d.accept();
      })
    );
    await profile.getByRole("button", { name: "Update Profile" }).click();
    assertEquals(await alerted, "Failed to update profile: Current password is incorrect");
    assert(await profile.isVisible(), "the modal stays open");

    // The right current password: saved, and every session ends, this one included.
    await profile.getByLabel("Current password").fill(BOSS.password);
    await profile.getByRole("button", { name: "Update Profile" }).click();
    await page.waitForURL("**/admin/login**");
    await signInAs(page, { email: BOSS.email, password: "violet kettle drums at noon" });
    assertEquals(new URL(page.url()).pathname, "/admin/dashboard");

    // A new sign-in email asks for the current password too; this session stays.
    await shellReady(page);
    await page.getByTestId("avatar-button").click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await profile.getByLabel("Email").fill("boss@example.com");
    const current = profile.getByLabel("Current password");
    assert(await current.evaluate((el) => (el as HTMLInputElement).required), "asked for");
    await current.fill("violet kettle drums at noon");
    // The dialog reloads the page itself on success; a second reload here would abort it.
    const reloaded = page.waitForEvent("load");
    await profile.getByRole("button", { name: "Update Profile" }).click();
    await reloaded;
    await shellReady(page);
    assertEquals(new URL(page.url()).pathname, "/admin/dashboard", "still signed in");
    await signedOut(page);
    await signInAs(page, { email: "boss@example.com", password: "violet kettle drums at noon" });
  },
);
