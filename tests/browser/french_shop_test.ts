import type { Locator, Page } from "playwright-core";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import { createOutboxStore } from "../../src/store/outbox.ts";
import { openKv } from "../../src/store/kv.ts";
import { createOrderStore } from "../../src/store/orders.ts";

const PHONE = { viewport: { width: 390, height: 844 } };

/** The buyer's mail in the outbox (the shop's own mail to `to`). */
async function mailTo(kvPath: string, to: string) {
  const kv = await openKv(kvPath);
  try {
    const mail = (await createOutboxStore(kv).list()).find((m) => m.to === to);
    if (mail) return mail;
  } finally {
    kv.close();
  }
  throw new Error(`no mail to ${to}`);
}

/** The product page's buy box: the board put in the cart, and the cart opened from the header. */
async function boardInCart(page: Page, path: string, addToCart: string, cartLabel: RegExp) {
  await page.goto(path);
  const add = page.getByRole("button", { name: addToCart });
  await hydrated(page, add);
  await page.locator("astro-island[component-url*=CartDrawer]:not([ssr])").waitFor({
    state: "attached",
  });
  await add.click();
  await page.getByRole("link", { name: cartLabel }).click();
}

/**
 * The line beside the pay button (L221-5, L221-14): paying accepts the dated terms, with the
 * withdrawal information and the privacy notice one click away; on screen with the button.
 */
async function termsBesidePay(payment: Locator, prefix: string, pay: string, says: string) {
  const line = payment.getByTestId("terms-acceptance");
  assertStringIncludes((await line.innerText()).replace(/\s+/g, " "), says);
  assertEquals(
    await line.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    [
      `${prefix}/general-terms/2026-11-27`,
      `${prefix}/general-terms/2026-11-27#withdrawal`,
      `${prefix}/privacy`,
    ],
  );
  const button = await payment.getByRole("button", { name: new RegExp(`^${pay} `) }).boundingBox();
  const box = await line.boundingBox();
  assert(button && box && Math.abs(box.y - (button.y + button.height)) < 80, "beside the button");
}

browserTest(
  "[browser] French shop at 390 px: a buyer from a product page checks out on /fr/shop, countries named and sorted in French, the company's VAT number refused in French and a mistyped email under their fields, no region for a French billing address, the terms beside the pay button and their version on the order, the total without nested brackets, the country French in the mail and on the order page",
  async ({ server, newPage }) => {
    const page = await newPage(PHONE);
    await boardInCart(page, "/fr/shop/vectra-dsp-board", "Ajouter au panier", /^Panier, 1 article/);
    assertStringIncludes(
      await page.getByTestId("product-price").innerText(),
      "\u00a0€ TTC, hors frais de livraison",
    );
    const drawer = page.getByRole("dialog", { name: "Panier" });
    const country = drawer.getByLabel("Pays de livraison");
    await country.locator("option", { hasText: "Allemagne" }).waitFor({ state: "attached" });
    const names = (await country.locator("option").allInnerTexts()).slice(1);
    assert(names.includes("Royaume-Uni") && names.includes("États-Unis"), names.join(", "));
    assert(!names.includes("Germany"), "no English country name");
    assertEquals(names, [...names].sort((a, b) => a.localeCompare(b, "fr")), "sorted in French");
    await country.selectOption({ label: "France" });
    await drawer.getByTestId("cart-shipping").filter({ hasText: "9,90\u00a0€" }).waitFor();
    await country.selectOption({ label: "Allemagne" });
    await drawer.getByText("Livraison\u00a0: Allemagne").waitFor();
    await drawer.getByTestId("cart-shipping").filter({ hasText: /^\d+,\d\d\u00a0€$/ }).waitFor();

    // The product page has no checkout: 'Passer la commande' opens the shop's, cart kept.
    await drawer.getByRole("button", { name: "Passer la commande" }).click();
    await page.waitForURL("**/fr/shop");
    const form = page.getByRole("dialog", { name: "Commande" });
    await form.waitFor();
    assertEquals(await form.getByLabel("Pays").inputValue(), "Allemagne");
    // A French address: postal code, then town.
    const labels = await form.locator("label").allInnerTexts();
    assert(
      labels.findIndex((l) => l.startsWith("Code postal")) <
        labels.findIndex((l) => l.startsWith("Ville")),
      labels.join(" | "),
    );
    for (
      const [label, value] of [
        ["Prénom", "Claire"],
        ["Nom", "Martin"],
        ["E-mail", "claire@example"],
        ["Téléphone", "+4930123456"],
        ["Adresse", "Unter den Linden 1"],
        ["Code postal", "10117"],
        ["Ville", "Berlin"],
      ]
    ) await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    // The server's refusal of the company's VAT number, in French under its field; a French
    // billing address asks no region.
    await form.getByLabel("Achat pour une entreprise").check();
    await form.getByLabel(/^Raison sociale/).fill("Martin GmbH");
    await form.getByLabel("Numéro de TVA").fill("BE0411905848");
    await form.getByLabel("Facturer à une autre adresse").check();
    await form.locator("#checkout-billing-country").fill("France");
    await form.locator("label[for=checkout-billing-state]", { hasText: "(facultatif)" }).waitFor();
    await form.getByRole("button", { name: "Passer au paiement" }).click();
    await page.locator("#checkout-company-vatNumber-error").filter({
      hasText: "La clé de contrôle de ce numéro de TVA est fausse\u00a0: vérifiez",
    }).waitFor();
    assertEquals(await page.getByRole("alertdialog").count(), 0, "no payment error dialog");
    // Unticked, the company takes its billing address with it: the form goes on without it.
    await form.getByLabel("Achat pour une entreprise").uncheck();
    assertEquals(await form.locator("#checkout-billing-address").count(), 0);
    await form.getByRole("button", { name: "Passer au paiement" }).click();

    // A mistyped email: said under the field, in French; no payment error before any card.
    const email = form.getByLabel(/^E-mail/);
    await page.locator("#checkout-email-error").filter({ hasText: "L’e-mail n’est pas valide" })
      .waitFor();
    assertEquals(await email.getAttribute("aria-invalid"), "true");
    assertEquals(await page.getByRole("alertdialog").count(), 0, "no payment error dialog");
    await email.fill("claire@example.fr");
    await form.getByRole("button", { name: "Passer au paiement" }).click();

    const payment = page.getByRole("dialog", { name: "Paiement par carte" });
    await termsBesidePay(
      payment,
      "/fr",
      "Payer",
      "En payant, vous acceptez les conditions générales de vente (version du 27 novembre 2026)",
    );
    await payment.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
    await payment.getByLabel("Expiration (MM / AA)").fill("12 / 34");
    await payment.getByLabel("Cryptogramme").fill("123");
    await payment.getByRole("button", { name: /^Payer / }).click();
    const success = page.getByRole("dialog", { name: "Paiement réussi\u202f!" });
    await success.waitFor();
    // The order number is never cut at its hyphen.
    const number = success.locator(".whitespace-nowrap", { hasText: /^ORD-\d+$/ });
    assertEquals(await number.count(), 1);
    // Total and VAT without brackets in brackets.
    const vat = (await success.getByTestId("success-vat").innerText()).trim();
    assert(
      /^Total payé\u00a0: [\d\u202f]+,\d\d\u00a0€, dont TVA \(\d+(,\d+)?\u00a0%\)\u00a0: \d+,\d\d\u00a0€\.$/
        .test(vat),
      vat,
    );
    // The order records the version of the terms the buyer accepted by paying.
    const kv = await openKv(server.kvPath);
    const order = await createOrderStore(kv).getByNumber(await number.innerText());
    kv.close();
    assertEquals(order?.termsVersion, "2026-11-27");

    const mail = await mailTo(server.kvPath, "claire@example.fr");
    assertStringIncludes(mail.text, "Livraison (Allemagne)");
    assertStringIncludes(mail.text, "\nAllemagne");
    assert(!mail.text.includes("Germany"), mail.text);
    // The order page from the success dialog: the items paid for are no longer in the cart.
    await success.getByRole("link", { name: "Voir votre commande" }).click();
    await page.waitForURL("**/fr/orders/**");
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "{}"));
    assertEquals(saved.items, [], "the cart is empty");
    const link = new URL(/https?:\/\/\S+\/fr\/orders\/\S+/.exec(mail.text)![0]);
    assertEquals(new URL(page.url()).pathname, link.pathname, "the mail links the same page");
    const address = await page.locator("address").innerText();
    assertStringIncludes(address, "Allemagne");
    assertStringIncludes(await page.locator("tfoot").innerText(), "Allemagne");
    // The refused VAT number and email were the only failed calls.
    assertEquals(page.problems.filter((p) => !/status of 4(00|22)/.test(p)), []);
  },
);

browserTest(
  "[browser] shop at 390 px: from an English product page, 'Proceed to Checkout' opens the shop's checkout with the cart kept; no (EUR) in the totals, a mistyped email under its field, the terms beside the pay button",
  async ({ newPage }) => {
    const page = await newPage(PHONE);
    await boardInCart(page, "/shop/vectra-dsp-board", "Add to Cart", /^Cart, 1 item/);
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    await drawer.getByLabel("Shipping country").selectOption("France");
    await drawer.getByTestId("cart-shipping").filter({ hasText: "9.90 EUR" }).waitFor();
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL((url) => url.pathname === "/shop" && url.search === "");
    const form = page.getByRole("dialog", { name: "Checkout" });
    await form.waitFor();
    assertEquals(await form.getByLabel("Country").inputValue(), "France");
    // The fee is in euros like every amount: no "(EUR)" in the totals.
    await form.getByTestId("checkout-summary").getByText("Shipping: €9.90").waitFor();

    // A mistyped email is said under its field, not as a payment failure.
    for (
      const [label, value] of [
        ["First name", "Ada"],
        ["Last name", "Lovelace"],
        ["Email", "ada@example"],
        ["Phone", "+33612345678"],
        ["Address", "1 rue de la Paix"],
        ["City", "Toulouse"],
        ["ZIP / Postal code", "31000"],
      ]
    ) await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    await form.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.locator("#checkout-email-error").filter({ hasText: "Email is invalid" }).waitFor();
    assertEquals(await page.getByRole("alertdialog").count(), 0, "no payment error dialog");
    await form.getByLabel(/^Email/).fill("ada@example.com");
    await form.getByRole("button", { name: "Proceed to Payment" }).click();
    const payment = page.getByRole("dialog", { name: "Card Payment" });
    await termsBesidePay(
      payment,
      "",
      "Pay",
      "By paying, you accept the general terms of sale (version of 27 November 2026)",
    );
    await payment.getByRole("button", { name: "Back" }).click();
    await form.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "View Cart (1)" }).click();
    assertEquals(await page.getByTestId("cart-line").count(), 1, "the cart is kept");
    // The refused email was the only failed call.
    assertEquals(page.problems.filter((p) => !/status of 400/.test(p)), []);
  },
);

browserTest(
  "[browser] the offer to read in French never covers a dialog: the open cart's checkout button at 390 px",
  async ({ newPage }) => {
    const page = await newPage({ ...PHONE, locale: "fr-FR" });
    await boardInCart(page, "/shop/vectra-dsp-board", "Add to Cart", /^Cart, 1 item/);
    await page.getByTestId("lang-offer").waitFor();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    await drawer.getByLabel("Shipping country").selectOption("France");
    const proceed = drawer.getByRole("button", { name: "Proceed to Checkout" });
    await proceed.waitFor();
    const onTop = await proceed.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return [[0.1, 0.5], [0.5, 0.5], [0.9, 0.5]].every(([x, y]) =>
        button.contains(
          document.elementFromPoint(box.left + box.width * x, box.top + box.height * y),
        )
      );
    });
    assert(onTop, "the checkout button is not under the language offer");
    await proceed.click();
    await page.getByRole("dialog", { name: "Checkout" }).waitFor();
  },
);
