import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BOSS, bossApi, overflowX, PHONE, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import { confirmPayment, createIntent, intentBody, payWithToken } from "../_lib/checkout.ts";
import { freePort, type RunningServer, serverApi } from "../_lib/server.ts";
import { fakeVies } from "../_lib/fake-vies.ts";
import type { Page } from "playwright-core";

/** A shop order paid with the sandbox's test card: one Vectra DSP Board. */
async function paidOnline(server: RunningServer) {
  const api = serverApi(server);
  const products = await (await api.request("/api/public/products")).json() as {
    _id: string;
    name: string;
  }[];
  const board = products.find((p) => p.name === "Vectra DSP Board")!;
  const intent = await createIntent(api, intentBody([{ id: board._id, price: 600, quantity: 1 }]));
  const paid = await payWithToken(api, intent.clientSecret, "pm_card_visa");
  assertEquals(paid.status, 200);
  await paid.body?.cancel();
  return (await confirmPayment(api, intent.paymentIntentId)).order;
}

/** The boss signed in on an empty Orders screen, the Create order dialog open. */
async function openCreateOrder(page: Page) {
  await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Forders");
  await shellReady(page);
  await page.getByText("No orders found").waitFor();
  await hydrated(page, page.getByRole("button", { name: "Create New Order" }));
  await page.getByRole("button", { name: "Create New Order" }).click();
  return page.getByTestId("create-order-dialog");
}

browserTest(
  "[browser] orders: create an order by hand, change its status in the table, read its page",
  async ({ newPage }) => {
    const page = await newPage();
    // Create New Order: Tunisia by default, its fee once known, the server's total.
    const dialog = await openCreateOrder(page);
    assertEquals(await dialog.getByLabel(/^Country/).inputValue(), "Tunisia");
    await dialog.getByTestId("order-fee").filter({ hasText: "€22.00" }).waitFor();
    const create = dialog.getByRole("button", { name: "Create Order" });
    assert(await create.isDisabled(), "no product chosen yet");
    assert(await dialog.getByRole("button", { name: "Remove" }).isDisabled(), "one row stays");
    await dialog.getByLabel("First name").fill("Grace");
    await dialog.getByLabel("Last name").fill("Hopper");
    await dialog.getByLabel("Email (optional)").fill("grace@example.com");
    await dialog.getByLabel(/^Address/).fill("1 Avenue Habib Bourguiba");
    await dialog.getByLabel(/^City/).fill("Tunis");
    await dialog.getByLabel("Product").selectOption({ label: "Vectra DSP Board (25 in stock)" });
    await dialog.getByLabel("Quantity").fill("2");
    assertEquals(await dialog.getByLabel("Price").inputValue(), "€600.00");
    await dialog.getByLabel("Payment method").selectOption({ label: "Payment Online" });
    await dialog.getByTestId("order-amounts").filter({
      hasText: /Total \(excl\. VAT\)\s*€1,018\.33/,
    })
      .waitFor();
    await create.click();
    await page.getByTestId("message-dialog").getByText("Order Created Successfully!").waitFor();
    await page.getByTestId("message-dialog").getByRole("button", { name: "Close" }).click();

    // The table: one row, edited and updated.
    const row = page.getByTestId("order-row");
    await row.waitFor();
    // An export: 2 × 500.00 + 18.33, net of French VAT.
    assert(/€1,?018\.33/.test(await row.innerText()), "2 × 500.00 + 18.33");
    await hydrated(page, row);
    await row.getByLabel(/^Status of/).selectOption("shipped");
    await row.getByRole("button", { name: "Update" }).click();
    await page.getByText(/Order ORD-\S+ updated/).waitFor();
    assertStringIncludes(
      (await page.getByTestId("order-row").innerText()).toLowerCase(),
      "shipped",
    );

    // Filters live in the URL.
    await page.goto("/admin/orders?status=pending");
    await page.getByText("No orders found").waitFor();
    await page.goto("/admin/orders?q=grace");
    assertEquals(await page.getByTestId("order-row").count(), 1);

    // The order's own page: lines, totals and its history.
    await page.getByTestId("order-row").getByRole("link").click();
    await page.getByTestId("order-timeline").waitFor();
    const timeline = await page.getByTestId("order-timeline").innerText();
    assertStringIncludes(timeline, "Created ORD-");
    assertStringIncludes(timeline, "Status set to shipped");
    assert(/€1,?018\.33/.test(await page.getByTestId("order-total").innerText()));
    assertEquals(await page.getByTestId("order-vat").innerText(), "€0.00");
    assertStringIncludes(await page.getByTestId("order-tax").innerText(), "Export outside the EU");
    assertEquals(page.problems, []);
  },
);

/** The fake VIES's port, known before the server starts (its URL is the server's VIES_URL). */
const VIES_PORT = freePort();

browserTest(
  "[browser] orders: a phone order from a German company at 390 px: a wrong VAT number said under its field, a confirmed one quoted and ordered without VAT",
  async ({ server, newPage }) => {
    const vies = fakeVies(VIES_PORT);
    vies.registered.set("DE136695976", "Muster GmbH");
    try {
      const page = await newPage(PHONE);
      const dialog = await openCreateOrder(page);
      await dialog.getByLabel("First name").fill("Erika");
      await dialog.getByLabel("Last name").fill("Mustermann");
      await dialog.getByLabel(/^Address/).fill("Hauptstr. 1");
      await dialog.getByLabel(/^City/).fill("Berlin");
      await dialog.getByLabel(/^Country/).selectOption("Germany");
      await dialog.getByLabel("Product").selectOption({ label: "Vectra DSP Board (25 in stock)" });
      const amounts = dialog.getByTestId("order-amounts");
      await amounts.filter({ hasText: /Total\s*€612\.50/ }).waitFor();

      // Keyboard only: the company is billed at its head office, not where the goods go.
      await dialog.getByLabel("Bill to another address").focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Leopoldstr. 10");
      await page.keyboard.press("Tab");
      await page.keyboard.type("München");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.type("80802");
      assertEquals(await dialog.getByLabel("Billing country").inputValue(), "Germany");

      // Keyboard only: Space ticks the box, the company's fields follow it.
      await dialog.getByLabel("Buying for a company").focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Muster GmbH");
      await page.keyboard.press("Tab");
      await page.keyboard.type("DE136695978");
      await page.keyboard.press("Tab");
      const vatNumber = dialog.getByLabel("VAT number");
      await dialog.locator("#create-order-vat-number-error")
        .filter({ hasText: "This VAT number's check digits are wrong" }).waitFor();
      assertEquals(await vatNumber.getAttribute("aria-invalid"), "true");

      await vatNumber.fill("DE 136 695 976");
      await vatNumber.press("Tab");
      // 500.00 + 10.42: the shelf price and Germany's fee net of French VAT.
      await amounts.filter({ hasText: /Total \(excl\. VAT\)\s*€510\.42/ }).waitFor();
      assertEquals(await vatNumber.getAttribute("aria-invalid"), null);
      assertEquals(await overflowX(page), 0, "no sideways scroll at 390 px");
      await dialog.getByRole("button", { name: "Create Order" }).click();
      await page.getByTestId("message-dialog").getByText("Order Created Successfully!").waitFor();
      await page.getByTestId("message-dialog").getByRole("button", { name: "Close" }).click();

      await page.getByTestId("order-row").getByRole("link").click();
      await page.getByTestId("order-timeline").waitFor();
      assert(/€510\.42/.test(await page.getByTestId("order-total").innerText()));
      assertEquals(await page.getByTestId("order-vat").innerText(), "€0.00");
      const shown = await page.locator("main").innerText();
      assertStringIncludes(shown, "Muster GmbH");
      assertStringIncludes(shown, "DE136695976");
      const orderId = new URL(page.url()).pathname.split("/").pop();
      const detail = await (await bossApi(server))(`/api/orders/${orderId}`) as {
        order: { billingAddress?: unknown; shippingAddress: { city: string } };
      };
      assertEquals(detail.order.billingAddress, {
        address: "Leopoldstr. 10",
        city: "München",
        state: "",
        zipCode: "80802",
        country: "Germany",
      });
      assertEquals(detail.order.shippingAddress.city, "Berlin");
      // The browser logs the refusal it was answered; nothing else went wrong.
      assertEquals(page.problems.filter((p) => !p.includes("status of 422")), []);
    } finally {
      await vies.close();
    }
  },
  { env: { VIES_URL: `http://127.0.0.1:${VIES_PORT}`, SELLER_VAT_NUMBER: "FR40303265045" } },
);

browserTest(
  "[browser] orders: refund an order paid online from its page, once",
  async ({ server, newPage }) => {
    const order = await paidOnline(server);

    const page = await newPage();
    await signInAs(page, BOSS, `/admin/login?next=%2Fadmin%2Forders%2F${order._id}`);
    await shellReady(page);
    assertEquals((await page.getByTestId("payment-status").textContent())?.trim(), "paid");
    const refund = page.getByRole("button", { name: "Refund", exact: true });
    await hydrated(page, refund);
    await refund.click();
    const dialog = page.getByTestId("correction-dialog");
    await dialog.getByLabel("Everything left (€609.90)").waitFor();
    await dialog.getByRole("button", { name: "Refund €609.90" }).click();
    await page.getByText("Order refunded").waitFor();

    await page.getByTestId("order-timeline").waitFor();
    assertEquals(
      (await page.getByTestId("payment-status").textContent())?.trim(),
      "refunded",
    );
    assertStringIncludes(
      await page.getByTestId("order-timeline").innerText(),
      "Refunded €609.90 via the sandbox",
    );
    assertEquals(await page.getByRole("button", { name: "Refund", exact: true }).count(), 0);

    // The table shows it; its select still offers only the spec's three values.
    await page.goto("/admin/orders");
    const row = page.getByTestId("order-row");
    await row.waitFor();
    assertStringIncludes((await row.innerText()).toLowerCase(), "refunded");
    const select = row.getByLabel(/^Payment status of/);
    assert(await select.isDisabled(), "a refund is final");
    assertEquals(
      await select.locator("option:not([disabled])").allTextContents(),
      ["Pending", "Paid", "Failed"],
    );
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] orders: a returned item refunded from the corrections dialog, by keyboard at 390 px: partially refunded, the rest refundable",
  async ({ server, newPage }) => {
    const order = await paidOnline(server);
    const page = await newPage(PHONE);
    await signInAs(page, BOSS, `/admin/login?next=%2Fadmin%2Forders%2F${order._id}`);
    await shellReady(page);
    const refund = page.getByRole("button", { name: "Refund", exact: true });
    await hydrated(page, refund);
    await refund.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("correction-dialog");
    // Focus starts in the dialog, on its first choice; the arrow keys move between choices.
    const first = dialog.getByLabel("Everything left (€609.90)");
    await first.waitFor();
    assert(await first.evaluate((e) => e === document.activeElement), "focus in the dialog");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const units = dialog.getByLabel(/^Vectra DSP Board/);
    await units.fill("1");
    await dialog.getByLabel("Reason (optional)").fill("returned unopened");
    assertEquals(await overflowX(page), 0, "no sideways scroll at 390 px");
    await dialog.getByRole("button", { name: "Refund €600.00" }).click();
    await page.getByText("Order refunded").waitFor();
    await page.getByTestId("order-timeline").getByText(/Refunded €600\.00 \(1 x Vectra DSP Board\)/)
      .waitFor();
    assertEquals(
      (await page.getByTestId("payment-status").textContent())?.trim(),
      "partially_refunded",
    );
    await page.getByText("€9.90 can still be refunded.").waitFor();
    assertEquals(page.problems, []);
  },
);

browserTest(
  "[browser] cancelling a paid online order on its page asks about the payment: nothing is sent until staff choose; 'Refund and Cancel' refunds and cancels in one action",
  async ({ server, newPage }) => {
    const order = await paidOnline(server);

    const page = await newPage(PHONE);
    await signInAs(page, BOSS);
    await page.goto(`/admin/orders/${order._id}`);
    const status = page.getByLabel("Order status");
    await hydrated(page, status);
    await status.selectOption("cancelled");
    const choice = page.getByRole("group", { name: "The payment of €609.90" });
    await choice.waitFor();
    assertStringIncludes(await choice.innerText(), "This order was paid online (€609.90)");
    assert(
      await page.getByRole("button", { name: "Update Status" }).isDisabled(),
      "a choice first",
    );
    await choice.getByRole("radio", { name: /^Cancel without a refund/ }).check();
    assert(await page.getByRole("button", { name: "Update Status" }).isEnabled());
    await choice.getByRole("radio", { name: /^Refund €609\.90 and cancel/ }).check();
    await page.getByRole("button", { name: "Refund and Cancel" }).click();
    await page.getByText("Order refunded and cancelled").waitFor();

    const call = await bossApi(server);
    const detail = await call(`/api/orders/${order._id}`) as {
      order: { status: string; paymentStatus: string };
      documents: { kind: string }[];
    };
    assertEquals([detail.order.status, detail.order.paymentStatus], ["cancelled", "refunded"]);
    assertEquals(detail.documents.map((d) => d.kind), ["invoice", "credit_note"]);
    assertEquals(page.problems, []);
  },
);
