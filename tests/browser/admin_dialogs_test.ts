import { assert, assertEquals } from "../_lib/assert.ts";
import { BOSS, LAPTOP, PHONE, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";

for (const [name, device] of [["390", PHONE], ["1366", LAPTOP]] as const) {
  browserTest(
    `[browser] dialogs at ${name} px: typing is never lost to a stray click or Escape; errors read as the form's labels`,
    async ({ newPage }) => {
      const page = await newPage(device);
      await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Forders");
      await shellReady(page);
      const open = page.getByRole("button", { name: "Create New Order" });
      await hydrated(page, open);

      // Untouched: Escape closes at once.
      await open.click();
      const dialog = page.getByTestId("create-order-dialog");
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      // Typed into: Escape asks; Keep editing keeps the draft.
      await open.click();
      await dialog.getByLabel("Last name").fill("Hopper");
      await page.keyboard.press("Escape");
      const ask = page.getByTestId("confirm-dialog");
      await ask.getByText("Discard changes?").waitFor();
      await ask.getByRole("button", { name: "Keep editing" }).click();
      assertEquals(await dialog.getByLabel("Last name").inputValue(), "Hopper");

      // A click beside the dialog asks too.
      await page.mouse.click(2, device.viewport.height - 2);
      await ask.getByText("Discard changes?").waitFor();
      await ask.getByRole("button", { name: "Keep editing" }).click();
      assertEquals(await dialog.getByLabel("Last name").inputValue(), "Hopper");

      // A refusal names the field as the form labels it; required fields are marked.
      await dialog.getByLabel("Product").selectOption({ index: 1 });
      await dialog.getByRole("button", { name: "Create Order" }).click();
      const message = page.getByTestId("message-dialog");
      await message.getByText("Order Creation Failed").waitFor();
      const text = await message.innerText();
      assert(text.includes("First name is required"), text);
      assert(!/customer\.|expected string|>=1/.test(text), text);
      await message.getByRole("button", { name: "Close" }).click();
      assertEquals(
        await dialog.locator("label", { hasText: "First name" }).locator("span[aria-hidden]")
          .innerText(),
        "*",
      );

      // Cancel asks; Discard closes, and the dialog opens empty again.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await ask.getByRole("button", { name: "Discard" }).click();
      await dialog.waitFor({ state: "detached" });
      await open.click();
      assertEquals(await dialog.getByLabel("Last name").inputValue(), "");
      await page.keyboard.press("Escape");

      // Add Product the same way.
      await page.goto("/admin/products");
      const add = page.getByRole("button", { name: "Add Product" });
      await hydrated(page, add);
      await add.click();
      const form = page.getByTestId("product-form");
      await form.getByLabel(/^Name/).fill("Scope Probe");
      await page.keyboard.press("Escape");
      await ask.getByRole("button", { name: "Keep editing" }).click();
      assertEquals(await form.getByLabel(/^Name/).inputValue(), "Scope Probe");
      // The one refusal above is the only failed request.
      assertEquals(page.problems.filter((p) => !p.includes("status of 400")), []);
    },
  );
}
