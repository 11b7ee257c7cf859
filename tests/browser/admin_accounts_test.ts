import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BOSS, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";

const CLERK = { username: "Clerk", email: "clerk@example.com", password: "a long clerk password" };

browserTest(
  "[browser] Admin Management: edit, deactivate and activate, delete an admin; phone avatar opens the profile",
  async ({ server, browser }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();

    // Without a `next`, a superadmin lands on the dashboard.
    await signInAs(page, BOSS);
    assertEquals(new URL(page.url()).pathname, "/admin/dashboard");

    // On a phone the avatar opens Profile Settings directly (no menu); Escape closes it.
    await shellReady(page);
    await page.getByTestId("avatar-button").click();
    const profile = page.getByTestId("profile-settings");
    await profile.getByLabel("Username").waitFor();
    await page.keyboard.press("Escape");
    await profile.waitFor({ state: "detached" });

    // A regular admin to manage, created through the API with the page's session.
    const created = await page.request.post("/api/admins", {
      headers: { Origin: server.url },
      data: { ...CLERK, image: "/uploads/gone.png" },
    });
    assertEquals(created.status(), 201, await created.text());

    await page.goto("/admin/admins");
    const list = page.getByTestId("admin-cards");
    await hydrated(page, list);
    const card = page.getByTestId("admin-card").filter({ hasText: CLERK.email });

    // An image that no longer loads shows the placeholder avatar (it may fail before hydration).
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-testid=admin-card] img")].every((img) =>
        (img as HTMLImageElement).src.endsWith("/images/admin/avatar.svg")
      )
    );

    // Edit: the new username shows on the card once saved.
    await card.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByTestId("edit-admin-dialog");
    assertStringIncludes(await edit.innerText(), "Current image");
    await edit.getByLabel("Username").fill("Clerk Two");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await card.getByText("Clerk Two").waitFor();

    // One's own card: Edit only, no Deactivate nor Delete; its edit form offers no role.
    const own = page.getByTestId("admin-card").filter({ hasText: BOSS.email });
    await own.getByTestId("own-account").waitFor();
    assertEquals(await own.getByRole("button").allInnerTexts(), ["Edit"]);
    await own.getByRole("button", { name: "Edit" }).click();
    await edit.getByLabel("Username").waitFor();
    assertEquals(await edit.getByLabel("Role").count(), 0, "no role menu on one's own account");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await edit.waitFor({ state: "detached" });

    // The Role menu changes another account's role: the card says so, after a reload too.
    await card.getByRole("button", { name: "Edit" }).click();
    await edit.getByLabel("Role").selectOption("superadmin");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await card.getByText("superadmin").waitFor();
    await page.reload();
    await hydrated(page, list);
    await card.getByText("superadmin").waitFor();
    await card.getByRole("button", { name: "Edit" }).click();
    await edit.getByLabel("Role").selectOption("admin");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await card.getByText("superadmin").waitFor({ state: "detached" });

    // Deactivate asks first: Cancel changes nothing; confirmed, the button and badge follow
    // the server's answer; Activate needs no confirmation.
    const confirm = page.getByTestId("confirm-dialog");
    await card.getByRole("button", { name: "Deactivate" }).click();
    assertStringIncludes(await confirm.innerText(), "Deactivate Admin");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await card.getByText("active", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Deactivate" }).click();
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await card.getByRole("button", { name: "Activate", exact: true }).waitFor();
    await card.getByText("inactive").waitFor();
    await page.reload();
    await hydrated(page, list);
    await card.getByRole("button", { name: "Activate", exact: true }).click();
    await card.getByRole("button", { name: "Deactivate" }).waitFor();

    // Delete asks first; Cancel keeps the card, Delete removes it for good.
    await card.getByRole("button", { name: "Delete" }).click();
    assertStringIncludes(await confirm.innerText(), "Delete Admin");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    assertEquals(await card.count(), 1);
    await card.getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await card.waitFor({ state: "detached" });
    await page.reload();
    await hydrated(page, list);
    assertEquals(await page.getByTestId("admin-card").count(), 1, "only the superadmin is left");
    await context.close();
  },
);

browserTest(
  "[browser] admin shell: avatar menu and drawer close on Escape and outside clicks, focus returns, drawer fits a phone",
  async ({ newPage }) => {
    const page = await newPage();
    await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Forders");
    await shellReady(page);

    // Desktop avatar menu: Escape and a click elsewhere close it.
    const avatar = page.getByTestId("avatar-button");
    const menu = page.getByRole("menu");
    await avatar.click();
    await menu.getByRole("menuitem", { name: "Settings" }).waitFor();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await avatar.click();
    await menu.waitFor();
    await page.getByRole("heading", { name: "Orders" }).click();
    await menu.waitFor({ state: "detached" });

    // Drawer: Escape gives focus back to the menu button; the overlay closes it too.
    const button = page.getByTestId("menu-button");
    const drawer = page.getByTestId("admin-drawer");
    await button.click();
    await drawer.waitFor();
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    assertEquals(await button.evaluate((el) => el === document.activeElement), true);
    await button.click();
    await drawer.waitFor();
    await page.mouse.click(1000, 400);
    await drawer.waitFor({ state: "detached" });

    // A nav link closes the drawer and opens its page, highlighted there.
    await button.click();
    await Promise.all([
      page.waitForURL("**/admin/subscribers"),
      drawer.getByRole("link", { name: "Subscribers" }).click(),
    ]);
    await shellReady(page);
    await button.click();
    assertEquals(await drawer.locator("a[aria-current=page]").innerText(), "Subscribers");

    // On a 390 px phone the drawer takes at most 80 % of the width.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await drawer.boundingBox();
    assert(box !== null && box.width <= 390 * 0.8 + 0.5, `drawer width ${box?.width}`);
    assertEquals(page.problems, []);
  },
);
