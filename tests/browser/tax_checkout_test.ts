import type { Page } from "playwright-core";
import { UNKNOWN_VAT_NUMBER_MESSAGE } from "../../src/domain/tax.ts";
import { tax as VAT_TEXT } from "../../src/i18n/messages/en/tax.ts";
import { assert, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest } from "../_lib/browser.ts";
import { fakeVies } from "../_lib/fake-vies.ts";
import { freePort } from "../_lib/server.ts";
import { fillCustomer, openDrawer } from "../_lib/shop-cart.ts";

/** Ada's phone and address in the tax tests (the country is the saved cart's). */
const SWISS = {
  "Phone": "+41791234567",
  "Address": "1 Main Street",
  "City": "City",
  "State / Region": "Region",
  "ZIP / Postal code": "1000",
};

async function pay(page: Page, amount: string) {
  const dialog = page.getByRole("dialog", { name: "Card Payment" });
  await dialog.getByLabel("Card number").fill("4242424242424242");
  await dialog.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await dialog.getByLabel("CVC").fill("123");
  await dialog.getByRole("button", { name: `Pay ${amount}` }).click();
  return page.getByRole("dialog", { name: "Payment Successful!" });
}

browserTest(
  "[browser] export: the cart says 'excl. VAT' and why once the country is known; checkout and success dialog agree",
  async ({ newPage }) => {
    const page = await newPage();
    const drawer = await openDrawer(page, { country: "Switzerland", fee: 19 });
    // 600 / 1.20 and 19 / 1.20: no French VAT on goods leaving the EU.
    await drawer.locator("[data-testid=cart-total]", { hasText: "€515.83" }).waitFor();
    assertStringIncludes(await drawer.innerText(), "Total (excl. VAT)");
    await drawer.getByText(VAT_TEXT.whyExport).waitFor();
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    const form = page.getByRole("dialog", { name: "Checkout" });
    await form.getByTestId("checkout-summary").filter({ hasText: "Total (excl. VAT): €515.83" })
      .waitFor();
    assertStringIncludes(await form.getByTestId("checkout-summary").innerText(), "VAT 0%: €0.00");
    await fillCustomer(form, SWISS);
    await form.getByRole("button", { name: "Proceed to Payment" }).click();
    const success = await pay(page, "€515.83");
    const said = await success.getByTestId("success-vat").innerText();
    assertStringIncludes(said, "€515.83");
    assertStringIncludes(said, VAT_TEXT.excluded);
    assert(page.problems.length === 0, page.problems.join("\n"));
  },
);

/** The fake VIES's port, known before the server starts (its URL is the server's VIES_URL). */
const VIES_PORT = freePort();

browserTest(
  "[browser] company: a number VIES does not know is said under the field; a confirmed one is invoiced without VAT",
  async ({ newPage }) => {
    const vies = fakeVies(VIES_PORT);
    vies.registered.set("BE0411905847", "ACME SA");
    try {
      const page = await newPage();
      const drawer = await openDrawer(page, { country: "Belgium", fee: 12.5 });
      await drawer.locator("[data-testid=cart-total]", { hasText: "€612.50" }).waitFor();
      await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
      const form = page.getByRole("dialog", { name: "Checkout" });
      await fillCustomer(form, SWISS);
      await form.getByLabel("Buying for a company").check();
      await form.getByLabel("Company name").fill("ACME SA");
      const vatNumber = form.getByLabel("VAT number");
      await vatNumber.fill("BE0123456749");
      await vatNumber.press("Tab");
      const error = form.locator("#checkout-company-vatNumber-error");
      await error.filter({ hasText: UNKNOWN_VAT_NUMBER_MESSAGE }).waitFor();
      assert(await vatNumber.getAttribute("aria-invalid") === "true");
      // Submitting anyway: the server's 422 lands under the field, the form stays.
      await form.getByRole("button", { name: "Proceed to Payment" }).click();
      await error.filter({ hasText: UNKNOWN_VAT_NUMBER_MESSAGE }).waitFor();
      assert(await form.isVisible(), "the form stays");

      await vatNumber.fill("BE 0411 905 847");
      await vatNumber.press("Tab");
      await form.locator("#checkout-company-vatNumber-hint").filter({
        hasText: "confirmed by VIES",
      })
        .waitFor();
      assert(await vatNumber.getAttribute("aria-invalid") === null);
      // 500.00 + 10.42: the shelf price and the fee net of French VAT.
      await form.getByTestId("checkout-summary")
        .filter({ hasText: "Total (excl. VAT): €510.42" }).waitFor();
      await form.getByRole("button", { name: "Proceed to Payment" }).click();
      const success = await pay(page, "€510.42");
      assertStringIncludes(await success.getByTestId("success-vat").innerText(), "VAT 0%");
      // The browser logs the two refusals it was answered; nothing else went wrong.
      const others = page.problems.filter((p) => !p.includes("status of 422"));
      assert(others.length === 0, others.join("\n"));
    } finally {
      await vies.close();
    }
  },
  { env: { VIES_URL: `http://127.0.0.1:${VIES_PORT}`, SELLER_VAT_NUMBER: "FR40303265045" } },
);
