import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import {
  BOSS,
  bossApi,
  fillBackOffice,
  LAPTOP,
  PHONE,
  shellReady,
  signInAs,
} from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import type { Page } from "playwright-core";

/** Marks the document: still marked later means the screen was not loaded again. */
const mark = (page: Page) => page.evaluate(() => (document.body.dataset.marked = "yes"));
const stillMarked = (page: Page) => page.evaluate(() => document.body.dataset.marked === "yes");

for (const [name, device] of [["390", PHONE], ["1366", LAPTOP]] as const) {
  browserTest(
    `[browser] times at ${name} px: read and typed in the shop's zone (Europe/Paris) from a New York browser`,
    async ({ server, newPage }) => {
      // 15:26 UTC is 16:26 in Paris (and 10:26 in New York).
      const [order] = await fillBackOffice(server, "2026-11-23T15:26:00.000Z");
      const page = await newPage({ ...device, timezoneId: "America/New_York" });
      await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Forders");
      await shellReady(page);
      const row = page.locator(`[data-testid=order-row][data-order="${order.orderNumber}"]`);
      await hydrated(page, row);
      const date = row.getByLabel(/^Date of/);
      assertEquals(await date.inputValue(), "2026-11-23T16:26");
      assertStringIncludes(await page.getByTestId("orders-table").innerText(), "Europe/Paris");

      // A time typed is the shop's, and stays as typed on screen and in the record.
      await date.fill("2026-11-20T10:00");
      await row.getByRole("button", { name: "Update" }).click();
      await page.getByText(`Order ${order.orderNumber} updated`).waitFor();
      assertEquals(await date.inputValue(), "2026-11-20T10:00");
      const call = await bossApi(server);
      const saved = await call(`/api/orders/${order._id}`) as { order: { createdAt: string } };
      assertEquals(saved.order.createdAt, "2026-11-20T09:00:00.000Z");

      // The order's page says the same time, and names the zone.
      await page.goto(`/admin/orders/${order._id}`);
      const timeline = await page.getByTestId("order-timeline").innerText();
      assertStringIncludes(timeline, "20 Nov 2026, 10:00 (Europe/Paris)");
      assert(!timeline.includes("UTC"), timeline);

      // 'Create New Order': the date typed is read in the shop's zone too.
      await page.goto("/admin/orders");
      const create = page.getByRole("button", { name: "Create New Order" });
      await hydrated(page, create);
      await create.click();
      const dialog = page.getByTestId("create-order-dialog");
      await dialog.getByLabel("First name").fill("Grace");
      await dialog.getByLabel("Last name").fill("Hopper");
      await dialog.getByLabel(/^Address/).fill("1 Avenue Habib Bourguiba");
      await dialog.getByLabel(/^City/).fill("Tunis");
      await dialog.getByLabel(/^Order date/).fill("2026-07-01T09:30");
      await dialog.getByLabel("Product").selectOption({ index: 1 });
      await dialog.getByRole("button", { name: "Create Order" }).click();
      await page.getByTestId("message-dialog").getByText("Order Created Successfully!").waitFor();
      await page.getByTestId("message-dialog").getByRole("button", { name: "Close" }).click();
      const list = await call("/api/orders?q=grace") as { orders: { createdAt: string }[] };
      assertEquals(list.orders[0].createdAt, "2026-07-01T07:30:00.000Z", "09:30 in Paris summer");
      assertEquals(page.problems, []);
    },
  );
}

browserTest(
  "[browser] orders: Update, bulk, delete and notes change what they change in place, each with its message",
  async ({ server, newPage }) => {
    const orders = await fillBackOffice(server);
    const page = await newPage(PHONE);
    await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Forders");
    await shellReady(page);
    const rowOf = (o: { orderNumber: string }) =>
      page.locator(`[data-testid=order-row][data-order="${o.orderNumber}"]`);
    await hydrated(page, rowOf(orders[0]));
    await mark(page);

    // An unsaved edit in one row survives updating another.
    await rowOf(orders[0]).getByLabel(/^Status of/).selectOption("processing");
    await rowOf(orders[1]).getByLabel(/^Status of/).selectOption("shipped");
    await rowOf(orders[1]).getByRole("button", { name: "Update" }).click();
    await page.getByText(`Order ${orders[1].orderNumber} updated`).waitFor();
    assertStringIncludes((await rowOf(orders[1]).innerText()).toLowerCase(), "shipped");
    assertEquals(await rowOf(orders[0]).getByLabel(/^Status of/).inputValue(), "processing");

    // Bulk change: a message, the rows show it (unpaid: no invoice, so it can still be deleted).
    await rowOf(orders[2]).getByLabel(/^Select/).check();
    await page.getByLabel(/^Status for the selected orders/).selectOption(
      "confirmed",
    );
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await page.getByText("1 order updated").waitFor();
    assertStringIncludes((await rowOf(orders[2]).innerText()).toLowerCase(), "confirmed");
    assertEquals(await rowOf(orders[0]).getByLabel(/^Status of/).inputValue(), "processing");

    // Delete: 'Order Deleted' stays up, the row goes, the screen is not loaded again.
    await rowOf(orders[2]).getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Order Deleted").waitFor();
    await rowOf(orders[2]).waitFor({ state: "detached" });
    assert(await page.getByText("Order Deleted").isVisible(), "the message is still there");
    assert(await stillMarked(page), "no reload");

    // The order's page: a note and a status appear in place, each said.
    await page.goto(`/admin/orders/${orders[0]._id}`);
    const note = page.getByLabel("Add a note");
    await hydrated(page, note);
    await mark(page);
    await note.fill("Called the customer");
    await page.getByRole("button", { name: "Add Note" }).click();
    await page.getByText("Note added").waitFor();
    assertStringIncludes(await page.getByTestId("order-notes").innerText(), "Called the customer");
    assertEquals(await note.inputValue(), "");
    await page.getByLabel("Order status").selectOption("confirmed");
    await page.getByRole("button", { name: "Update Status" }).click();
    await page.getByText("Order status updated").waitFor();
    assertStringIncludes(await page.getByTestId("order-timeline").innerText(), "confirmed");
    assert(await stillMarked(page), "no reload");
    assertEquals(page.problems, []);
  },
);
