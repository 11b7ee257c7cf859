import type { Page } from "playwright-core";
import { assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest } from "../_lib/browser.ts";
import { fillCustomer, openDrawer } from "../_lib/shop-cart.ts";

const PUBLISHABLE_KEY = "pk_test_stripe_card_field";
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: "sk_test_stripe_card_field",
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
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

browserTest(
  "[browser] Stripe's card field: Stripe.js loads from js.stripe.com when the card is asked for, and pays",
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
