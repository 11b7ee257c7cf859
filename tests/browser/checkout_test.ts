import type { Page } from "playwright-core";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest } from "../_lib/browser.ts";
import { confirmPayment, createIntent, intentBody, payWithToken } from "../_lib/checkout.ts";
import { serverApi } from "../_lib/server.ts";
import { BOSS } from "../_lib/admin-browser.ts";
import { fillCustomer, openDrawer } from "../_lib/shop-cart.ts";

const BOARD = "Vectra DSP Board";

/**
 * The customer's way in: the cart drawer's 'Proceed to Checkout', clicked at once. Opening the
 * drawer re-checks the saved fee; the known fee keeps the button usable meanwhile.
 */
async function openCheckout(page: Page) {
  const drawer = await openDrawer(page);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.getByRole("dialog", { name: "Checkout" }).waitFor();
}

async function payWith(page: Page, number: string) {
  const dialog = page.getByRole("dialog", { name: "Card Payment" });
  await dialog.getByLabel("Card number").fill(number);
  await dialog.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: "Pay €609.90" }).click();
}

async function submitCustomer(page: Page) {
  await fillCustomer(page.getByRole("dialog", { name: "Checkout" }));
  await page.getByRole("dialog", { name: "Checkout" })
    .getByRole("button", { name: "Proceed to Payment" }).click();
}

browserTest("[browser] checkout: a full purchase with the sandbox card", async ({ newPage }) => {
  const page = await newPage();
  await openCheckout(page);
  const form = page.getByRole("dialog", { name: "Checkout" });
  assertEquals(await form.getByLabel("Country").inputValue(), "France");
  assert(await form.getByLabel("Country").getAttribute("readonly") !== null);
  assertStringIncludes(await form.innerText(), "chosen in your cart");

  const payOnline = form.getByRole("radio", { name: "Pay Online" });
  assert(await payOnline.isChecked(), "'Pay Online' is the chosen payment method");
  assertEquals(await payOnline.getAttribute("value"), "stripe");
  assertEquals(await form.getByRole("radio").count(), 1, "the only payment method");
  assertStringIncludes(await form.innerText(), "PayPal");

  await form.getByRole("button", { name: "Proceed to Payment" }).click();
  await form.getByRole("alert").filter({ hasText: "Please fill in all required fields." })
    .waitFor();
  await fillCustomer(page.getByRole("dialog", { name: "Checkout" }));

  // Hold the payment intent's creation until the form's busy label has been seen.
  let releaseIntent = () => {};
  const intentHeld = new Promise<void>((r) => releaseIntent = r);
  await page.route("**/api/stripe/create-payment-intent", async (route) => {
    await intentHeld;
    await route.continue();
  });
  await form.getByRole("button", { name: "Proceed to Payment" }).click();
  const processing = form.getByRole("button", { name: "Processing..." });
  await processing.waitFor();
  assert(await processing.isDisabled());
  releaseIntent();

  // Hold the card confirmation until the busy label has been seen.
  let release = () => {};
  const held = new Promise<void>((r) => release = r);
  await page.route("**/api/sandbox/confirm-card", async (route) => {
    await held;
    await route.continue();
  });
  // Keyboard only, typed as a buyer types: the number groups in fours, 1234 is 12 / 34.
  const payment = page.getByRole("dialog", { name: "Card Payment" });
  await payment.waitFor();
  assertEquals(
    await page.evaluate(() => document.activeElement?.getAttribute("name")),
    "cardnumber",
  );
  await page.keyboard.type("4242424242424242");
  assertEquals(await payment.getByLabel("Card number").inputValue(), "4242 4242 4242 4242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("1234");
  assertEquals(await payment.getByLabel("Expiry (MM / YY)").inputValue(), "12 / 34");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  assertEquals(await page.evaluate(() => document.activeElement?.textContent), "Pay €609.90");
  await page.keyboard.press("Enter");
  await payment.getByRole("button", { name: "Processing Payment..." }).waitFor();
  assert(await payment.getByRole("button", { name: "Processing Payment..." }).isDisabled());
  release();
  const success = page.getByRole("dialog", { name: "Payment Successful!" });
  await success.waitFor();
  assertStringIncludes(await success.innerText(), "ORD-000001");
  await success.getByRole("button", { name: "Continue Shopping" }).click();
  await success.waitFor({ state: "detached" });
  assertEquals(await page.getByRole("dialog").count(), 0, "everything is closed");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "{}"));
  assertEquals(saved.items, [], "the cart is empty");

  const stock = async () => {
    const list = await (await page.request.get("/api/public/products")).json() as {
      name: string;
      stock: number;
    }[];
    return list.find((p) => p.name === BOARD)!.stock;
  };
  for (let i = 0; i < 30 && (await stock()) !== 24; i++) await page.waitForTimeout(100);
  assertEquals(await stock(), 24, "one board sold");
  assertEquals(page.problems, []);
});

browserTest(
  "[browser] checkout: a declined card shows its dialog, Try Again pays",
  async ({ newPage }) => {
    const page = await newPage();
    await openCheckout(page);
    await submitCustomer(page);
    await payWith(page, "4000 0000 0000 0002");

    const error = page.getByRole("alertdialog", { name: "Card Declined" });
    await error.waitFor();
    assertStringIncludes(
      await error.innerText(),
      "Your card was declined. Please try a different payment method.",
    );
    assertStringIncludes(await error.innerText(), "contact your bank");
    await error.getByRole("button", { name: "Try Again" }).click();

    const payment = page.getByRole("dialog", { name: "Card Payment" });
    await payment.waitFor();
    const cardError = await payment.getByTestId("card-error").innerText();
    assertEquals(cardError, "Your card was declined.", "plain words, no technical code");
    await payWith(page, "4242 4242 4242 4242");
    await page.getByRole("dialog", { name: "Payment Successful!" }).waitFor();
    // The declined card answer (402) is logged by the browser; any other problem counts.
    assertEquals(page.problems.filter((p) => !p.includes("402")), []);
  },
);

browserTest(
  "[browser] checkout: the form keeps focus inside and Escape closes it",
  async ({ newPage }) => {
    const page = await newPage();
    await openCheckout(page);
    const form = page.getByRole("dialog", { name: "Checkout" });
    assertEquals(
      await page.evaluate(() => document.activeElement?.getAttribute("autocomplete")),
      "given-name",
      "focus starts in the first field",
    );
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 2 ? "Tab" : "Shift+Tab");
      assert(
        await form.evaluate((el) => el.contains(document.activeElement)),
        "Tab never leaves the dialog",
      );
    }
    await page.keyboard.press("Escape");
    await form.waitFor({ state: "hidden" });
  },
);

browserTest(
  "[browser] checkout: a pasted card number with spaces is grouped, the caret stays in place",
  async ({ newPage }) => {
    const page = await newPage();
    await openCheckout(page);
    await submitCustomer(page);
    const number = page.getByRole("dialog", { name: "Card Payment" }).getByLabel("Card number");
    await number.focus();
    // insertText is what a paste does to the field: one input event with the whole text.
    await page.keyboard.insertText(" 4242  4242 4242 4242 ");
    assertEquals(await number.inputValue(), "4242 4242 4242 4242");
    // A digit typed in the middle: the caret stays just after it.
    await number.evaluate((el: HTMLInputElement) => el.setSelectionRange(2, 2));
    await page.keyboard.type("1");
    assertEquals(await number.inputValue(), "4214 2424 2424 2424 2");
    assertEquals(await number.evaluate((el: HTMLInputElement) => el.selectionStart), 3);
  },
);

browserTest(
  "[browser] checkout: Proceed to Checkout stays usable while the known fee is re-checked",
  async ({ newPage }) => {
    const page = await newPage();
    // The fee's re-check is held until the click has gone through.
    let release = () => {};
    const held = new Promise<void>((r) => release = r);
    await page.route("**/api/shipping/fees/country/**", async (route) => {
      await held;
      await route.continue();
    });
    const drawer = await openDrawer(page);
    await drawer.locator("[data-testid=cart-shipping]", { hasText: "9.90 EUR" }).waitFor();
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.getByRole("dialog", { name: "Checkout" }).waitFor();
    release();
  },
);

browserTest(
  "[browser] cart: a quantity being typed survives the fee arriving meanwhile",
  async ({ newPage }) => {
    const page = await newPage();
    // The fee's re-check answers while the buyer is typing.
    let release = () => {};
    const held = new Promise<void>((r) => release = r);
    let answered = () => {};
    const feeDone = new Promise<void>((r) => answered = r);
    await page.route("**/api/shipping/fees/country/**", async (route) => {
      await held;
      await route.continue();
      answered();
    });
    const drawer = await openDrawer(page, { quantity: 999 });
    const quantity = drawer.getByLabel(`Quantity of ${BOARD}`, { exact: true });
    await quantity.fill("25");
    release();
    await feeDone;
    await drawer.locator("[data-testid=cart-shipping]", { hasText: "9.90 EUR" }).waitFor();
    assertEquals(await quantity.inputValue(), "25");
    await quantity.press("Tab");
    await drawer.getByTestId("cart-stock-note").waitFor({ state: "detached" });
    assertEquals(await quantity.inputValue(), "25");
  },
);

browserTest(
  "[browser] checkout: over-stock is said in the cart; a stock refusal is a stock message",
  async ({ newPage }) => {
    const page = await newPage();
    const drawer = await openDrawer(page, { quantity: 999 });
    const line = drawer.locator("[data-testid=cart-line]");
    await line.getByTestId("cart-stock-note").filter({ hasText: "Only 25 available" }).waitFor();
    const proceed = drawer.getByRole("button", { name: "Proceed to Checkout" });
    assert(await proceed.isDisabled(), "no checkout of more than the stock");
    assertStringIncludes(
      await drawer.locator("#cart-checkout-hint").innerText(),
      `Lower the quantity of ${BOARD}`,
    );
    assertEquals(await proceed.getAttribute("aria-describedby"), "cart-checkout-hint");
    await drawer.getByLabel(`Quantity of ${BOARD}`, { exact: true }).fill("25");
    await drawer.getByLabel(`Quantity of ${BOARD}`, { exact: true }).press("Tab");
    await drawer.getByTestId("cart-stock-note").waitFor({ state: "detached" });
    await proceed.click();

    // Someone else bought meanwhile: the server refuses the reservation.
    await page.route("**/api/stripe/create-payment-intent", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({
          error: "not_enough_stock",
          message: `Not enough stock for ${BOARD} (15 available)`,
        }),
      }));
    await submitCustomer(page);
    const error = page.getByRole("alertdialog", { name: "Not Enough Stock" });
    await error.waitFor();
    const text = await error.innerText();
    assertStringIncludes(text, "(15 available)");
    assertStringIncludes(text, "Nothing was charged.");
    assert(!text.includes("bank"), "a stock refusal is not a card failure");
    assert(!text.includes("Payment Failed"));
    await error.getByRole("button", { name: "Back to Cart" }).click();
    await page.getByRole("dialog", { name: "Shopping Cart" }).waitFor();
  },
);

browserTest(
  "[browser] checkout: the last units sold while the card was typed: not charged, said in the dialog",
  async ({ newPage, server }) => {
    const page = await newPage();
    await openCheckout(page);
    await submitCustomer(page);
    await page.getByRole("dialog", { name: "Card Payment" }).waitFor();
    // Another buyer takes every unit meanwhile (opening the checkout held nothing).
    const api = serverApi(server);
    const products = await (await api.request("/api/public/products")).json() as {
      _id: string;
      name: string;
      stock: number;
    }[];
    const board = products.find((p) => p.name === BOARD)!;
    const other = await createIntent(
      api,
      intentBody([{ id: board._id, price: 600, quantity: board.stock }], {
        email: "grace@example.com",
      }),
    );
    await payWithToken(api, other.clientSecret, "pm_card_visa");
    await confirmPayment(api, other.paymentIntentId, 200, "grace@example.com");

    await payWith(page, "4242 4242 4242 4242");
    const error = page.getByRole("alertdialog", { name: "Not Enough Stock" });
    await error.waitFor();
    const text = await error.innerText();
    assertStringIncludes(text, `Not enough stock for ${BOARD}: it sold out while you were paying.`);
    assertStringIncludes(text, "your card was not charged");
    assertStringIncludes(text, "Nothing was charged.");
    assert(!text.includes("bank"), "not a card failure");
    await error.getByRole("button", { name: "Back to Cart" }).click();
    await page.getByRole("dialog", { name: "Shopping Cart" }).waitFor();
  },
);

browserTest(
  "[browser] checkout: a dropped connection says the connection failed and nothing was charged",
  async ({ newPage }) => {
    const page = await newPage();
    await openCheckout(page);
    await submitCustomer(page);
    await page.route("**/api/sandbox/confirm-card", (route) => route.abort("internetdisconnected"));
    await payWith(page, "4242 4242 4242 4242");
    const error = page.getByRole("alertdialog", { name: "Connection Failed" });
    await error.waitFor();
    const text = await error.innerText();
    assertStringIncludes(text, "connection to the shop failed");
    assertStringIncludes(text, "Nothing was charged.");
    assert(!text.includes("Failed to fetch"), "no technical text");
  },
);

browserTest(
  "[browser] cart: an empty cart shows no shipping fee and no total",
  async ({ newPage }) => {
    const page = await newPage();
    await page.goto("/shop");
    await page.evaluate(() =>
      localStorage.setItem(
        "cart",
        JSON.stringify({
          items: [],
          shippingFee: { country: "France", shippingFee: 9.9, currency: "EUR" },
          selectedCountry: "France",
        }),
      )
    );
    await page.reload();
    await page.locator("astro-island[component-url*=CartDrawer]:not([ssr])").waitFor({
      state: "attached",
    });
    await page.getByRole("button", { name: /View Cart/ }).click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    await drawer.getByText("Your cart is empty.").waitFor();
    const text = await drawer.innerText();
    assert(!text.includes("9.90"), "no fee");
    assert(!text.includes("Total"), "no total");
    assertEquals(await drawer.getByTestId("cart-total").count(), 0);
    assert(await drawer.getByRole("button", { name: "Proceed to Checkout" }).isDisabled());
  },
);

browserTest(
  "[browser] checkout at 390 px: France asks no state; the success dialog links the new order's page (no-referrer), which shows a refund's amount and date",
  async ({ server, newPage }) => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await openCheckout(page);
    const form = page.getByRole("dialog", { name: "Checkout" });
    const state = form.getByLabel("State / Region");
    assertEquals(await state.getAttribute("required"), null, "not required in France");
    assertStringIncludes(await form.innerText(), "State / Region (optional)");
    await fillCustomer(page.getByRole("dialog", { name: "Checkout" }));
    await state.fill("");
    await form.getByRole("button", { name: "Proceed to Payment" }).click();
    await payWith(page, "4242 4242 4242 4242");
    const success = page.getByRole("dialog", { name: "Payment Successful!" });
    await success.waitFor();
    const link = success.getByRole("link", { name: "View your order" });
    const number = /ORD-\d+/.exec(await success.innerText())![0];
    assertEquals(
      new URL(await link.getAttribute("href") as string, server.url).pathname,
      `/orders/${number}`,
    );
    const [res] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/orders/${number}`),
      link.click(),
    ]);
    assertEquals(res.status(), 200);
    assertEquals(res.headers()["referrer-policy"], "no-referrer");
    assertEquals(await page.locator("h1").innerText(), number);

    // Staff refund it: the page says how much and when.
    const login = await fetch(`${server.url}/api/superadmins/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(BOSS),
    });
    const { token } = await login.json();
    const auth = { Authorization: `Bearer ${token}` };
    const list = await (await fetch(`${server.url}/api/orders?q=${number}`, { headers: auth }))
      .json() as { orders: { _id: string }[] };
    const refunded = await fetch(`${server.url}/api/orders/${list.orders[0]._id}/refund`, {
      method: "POST",
      headers: auth,
    });
    assertEquals(refunded.status, 200);
    await refunded.body?.cancel();
    await page.reload();
    const today = new Date().toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Europe/Paris",
    });
    assertStringIncludes(
      await page.getByTestId("order-refund").innerText(),
      `€609.90 refunded on ${today}`,
    );
    assertEquals(page.problems, []);
  },
);
