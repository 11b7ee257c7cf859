import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BOSS, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import { freePort } from "../_lib/server.ts";
import { smtpSink } from "../_lib/smtp.ts";

const SMTP_PORT = freePort();

browserTest(
  "[browser] subscribers: search by email, send a newsletter, delete one",
  async ({ newPage, server }) => {
    const smtp = await smtpSink(SMTP_PORT);
    for (const email of ["ada@example.com", "bob@example.com", "carl@example.com"]) {
      await fetch(`${server.url}/api/subscription/subscribe`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, source: "/home" }),
      }).then((r) => r.body?.cancel());
    }
    const page = await newPage();
    await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Fsubscribers");
    await shellReady(page);
    assertEquals(await page.getByTestId("subscriber-row").count(), 3);

    // The search lives in the URL; Enter submits it.
    await page.getByLabel("Search by email").fill("BOB");
    await page.getByLabel("Search by email").press("Enter");
    await page.waitForURL(/search=BOB/);
    assertEquals(await page.getByTestId("subscriber-row").count(), 1);
    assertStringIncludes(await page.getByTestId("subscriber-row").innerText(), "bob@example.com");
    assertEquals(await page.getByTestId("subscriber-language").innerText(), "English");

    // Send a newsletter: an empty one is refused, a real one is recorded and goes out.
    await hydrated(page, page.getByRole("button", { name: "Send Newsletter" }));
    await page.getByRole("button", { name: "Send Newsletter" }).click();
    const dialog = page.getByTestId("newsletter-dialog");
    await dialog.getByRole("button", { name: "Send to All" }).click();
    await page.getByTestId("message-dialog").getByText("Subject and content are required")
      .waitFor();
    await page.getByTestId("message-dialog").getByRole("button", { name: "Close" }).click();
    await dialog.getByLabel(/^Subject/).fill("Autumn news");
    await dialog.getByLabel(/^Message/).fill("New boards are in.");
    await dialog.getByLabel("French subject").fill("Nouvelles d’automne");
    await dialog.getByLabel("French message").fill("Les nouvelles cartes sont arrivées.");
    await page.evaluate(() => (document.body.dataset.marked = "yes"));
    await dialog.getByRole("button", { name: "Send to All" }).click();
    // Said, listed and counted while the screen stays open (no reload took the message away).
    await page.getByText("Newsletter sent successfully!").waitFor();
    assertStringIncludes(await page.getByTestId("newsletters").innerText(), "Autumn news");
    const progress = page.getByTestId("newsletter-progress");
    await progress.filter({ hasText: /3 sent · 0 failed · 0 pending/ }).waitFor();
    await page.getByTestId("newsletters").getByText("done").waitFor();
    assert(await page.evaluate(() => document.body.dataset.marked === "yes"), "no reload");

    // Delete the one found.
    const row = page.getByTestId("subscriber-row");
    await hydrated(page, row);
    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Subscriber deleted successfully!").waitFor();
    // The count follows the delete.
    await page.getByTestId("subscriber-count").filter({ hasText: /^0 subscribers$/ }).waitFor();
    await page.goto("/admin/subscribers");
    assertEquals(await page.getByTestId("subscriber-row").count(), 2);
    assertEquals(page.problems, []);
    await smtp.close();
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` } },
);
