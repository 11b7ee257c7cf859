import type { Page } from "playwright-core";
import { assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { type BrowserContextT, browserTest } from "../_lib/browser.ts";
import { fakeStripe } from "../_lib/fake-stripe.ts";
import { freePort } from "../_lib/server.ts";
import { fillCustomer, openDrawer } from "../_lib/shop-cart.ts";

/** Where the fake Stripe listens (the server is told at its start): the bank transfer's API. */
const STRIPE_PORT = freePort();
const PUBLISHABLE_KEY = "pk_test_stripe_card_field";
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: "sk_test_stripe_card_field",
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_PORT}`,
};

/**
 * Stripe.js as the browser gets it, faked: it records what the page asks of it, mounts an input
 * as the card field and authorizes every payment. The network is never reached.
 */
const FAKE_STRIPE_JS = `
window.stripeCalls = [];
window.Stripe = (key) => {
  window.stripeCalls.push(["Stripe", key]);
  return {
    elements: (options) => {
      window.stripeCalls.push(["elements", options.locale]);
      return {
        create: (type) => ({
          mount: (el) => {
            window.stripeCalls.push(["mount", type]);
            el.innerHTML = '<input aria-label="Fake card">';
          },
          destroy: () => {},
        }),
      };
    },
    confirmCardPayment: async (secret, data) => {
      window.stripeCalls.push(["confirm", secret, data.payment_method.billing_details.name]);
      return { paymentIntent: { status: "requires_capture" } };
    },
  };
};`;

/** The saved cart (a board, to France), then the checkout's form filled and sent. */
async function toCardPayment(page: Page) {
  const drawer = await openDrawer(page, { checkoutIsland: "StripeCheckout" });
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  const form = page.getByRole("dialog", { name: "Checkout" });
  await fillCustomer(form);
  await form.getByRole("button", { name: "Proceed to Payment" }).click();
  return page.getByRole("dialog", { name: "Card Payment" });
}

/**
 * The buyer chooses Stripe's bank transfer (issue 36 §5): the form's button orders (no card),
 * and the order page gives the Customer's virtual IBAN and Stripe's reference (fake Stripe).
 */
async function transferAtCheckout(newPage: BrowserContextT["newPage"]) {
  const fake = fakeStripe(STRIPE_PORT);
  try {
    const page = await newPage();
    await page.route(
      "https://js.stripe.com/**",
      (route) => route.fulfill({ contentType: "text/javascript", body: FAKE_STRIPE_JS }),
    );
    const drawer = await openDrawer(page, { checkoutIsland: "StripeCheckout" });
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    const form = page.getByRole("dialog", { name: "Checkout" });
    await fillCustomer(form);
    await form.getByRole("radio", { name: /^Bank transfer/ }).check();
    // By transfer the form's button orders, accepting the terms beside it: no card is asked.
    await form.getByTestId("terms-acceptance").waitFor();
    await form.getByRole("button", { name: "Pay €609.90" }).click();
    await page.waitForURL(/\/orders\/ORD-\d+\?t=/);
    const transfer = (await page.getByTestId("order-transfer").innerText()).replace(
      /\s+/g,
      " ",
    );
    for (
      const part of [
        "Amount due €609.90",
        "IBAN FR76 3000 1007 9412 3456 7890 001",
        "BIC SXPYFRP1XXX",
        "Reference RFAKE0001",
      ]
    ) assertStringIncludes(transfer, part);
    assertEquals(page.problems, []);
  } finally {
    await fake.close();
  }
}

browserTest(
  "[browser] Stripe at the checkout: Stripe.js loads from js.stripe.com when the card is asked for, and pays; a bank transfer chosen instead lands on the order page with the virtual IBAN and Stripe's reference",
  async ({ newPage }) => {
    const page = await newPage();
    const scripts: string[] = [];
    await page.route("https://js.stripe.com/**", (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ contentType: "text/javascript", body: FAKE_STRIPE_JS });
    });
    // The server's side of the payment is the API tests' (tests/api/checkout_test.ts).
    await page.route("**/api/stripe/create-payment-intent", (route) =>
      route.fulfill({
        json: { success: true, clientSecret: "pi_fake_secret_1", paymentIntentId: "pi_fake" },
      }));
    await page.route(
      "**/api/stripe/confirm-payment",
      (route) => route.fulfill({ json: { success: true, order: { orderNumber: "ORD-000042" } } }),
    );

    const payment = await toCardPayment(page);
    await payment.getByLabel("Fake card").waitFor();
    assertEquals(scripts, ["https://js.stripe.com/endive/stripe.js"], "Stripe.js, loaded once");
    await payment.getByRole("button", { name: "Pay €609.90" }).click();
    const success = page.getByRole("dialog", { name: "Payment Successful!" });
    await success.waitFor();
    assertStringIncludes(await success.innerText(), "ORD-000042");
    assertEquals(
      await page.evaluate(() => (window as unknown as { stripeCalls: unknown }).stripeCalls),
      [
        ["Stripe", PUBLISHABLE_KEY],
        ["elements", "en"],
        ["mount", "card"],
        ["confirm", "pi_fake_secret_1", "Ada Lovelace"],
      ],
    );
    assertEquals(page.problems, []);
    await transferAtCheckout(newPage);
  },
  { env: STRIPE_KEYS },
);

browserTest(
  "[browser] Stripe's card field: when Stripe.js cannot load, the payment dialog says so",
  async ({ newPage }) => {
    const page = await newPage();
    let tries = 0;
    await page.route("https://js.stripe.com/**", (route) => {
      tries++;
      return route.abort();
    });
    await page.route("**/api/stripe/create-payment-intent", (route) =>
      route.fulfill({
        json: { success: true, clientSecret: "pi_fake_secret_1", paymentIntentId: "pi_fake" },
      }));
    const payment = await toCardPayment(page);
    await payment.getByRole("alert").filter({
      hasText: "The card form could not be loaded. Please try again later.",
    }).waitFor();
    assertEquals(tries, 2, "one more try at once");
  },
  { env: STRIPE_KEYS },
);
