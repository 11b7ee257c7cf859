import { assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BOSS, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";

browserTest(
  "[browser] shipping fees: edit a fee in its row; stock notifications: delete one",
  async ({ newPage, server }) => {
    const page = await newPage();
    await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Fshipping");
    await shellReady(page);
    const france = page.locator("[data-testid=fee-row][data-country=France]");
    assertEquals(await france.locator("img[src='/flags/fr.svg']").count(), 1, "self-hosted flag");
    await hydrated(page, france);
    await france.getByRole("button", { name: "Edit" }).click();
    await france.getByLabel("Shipping fee").fill("11.25");
    await france.getByRole("button", { name: "Save" }).click();
    await page.getByText("Shipping fee updated successfully").waitFor();
    assertStringIncludes(
      await page.getByTestId("fee-row").filter({ hasText: "France" }).innerText(),
      "11.25 EUR",
    );
    const fee = await (await fetch(`${server.url}/api/shipping/fees/country/France`)).json();
    assertEquals(fee.shippingFee, 11.25);

    // An empty fee is refused in the Validation Error dialog.
    await page.getByRole("button", { name: "Add Fee" }).click();
    await page.getByTestId("message-dialog").getByText("Country and shipping fee are required")
      .waitFor();
    await page.getByTestId("message-dialog").getByRole("button", { name: "Close" }).click();

    // A customer asks to be told about the kit that is out of stock; staff delete it.
    const products = await (await fetch(`${server.url}/api/public/products`)).json() as {
      _id: string;
      stock: number;
    }[];
    const out = products.find((p) => p.stock === 0)!;
    await fetch(`${server.url}/api/stock-notifications/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "wait@example.com", productId: out._id }),
    }).then((r) => r.body?.cancel());
    await page.goto("/admin/stock-notifications");
    const row = page.getByTestId("notification-row").filter({ hasText: "wait@example.com" });
    assertStringIncludes(await row.innerText(), "Pending");
    await hydrated(page, row);
    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Stock notification deleted successfully").waitFor();
    assertEquals(await page.getByTestId("notification-row").count(), 0);
    assertEquals(page.problems, []);
  },
);
