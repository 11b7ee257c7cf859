import { assertEquals } from "../_lib/assert.ts";
import { BOSS, signInAs } from "../_lib/admin-browser.ts";
import { browserTest } from "../_lib/browser.ts";
import { FAKE_CHORUS_CREDENTIALS, fakeChorusPro } from "../_lib/fake-chorus-pro.ts";
import { freePort } from "../_lib/server.ts";
import { waitFor } from "../_lib/smtp.ts";
import { testConfig } from "../_lib/services.ts";
import { fillCustomer, openDrawer } from "../_lib/shop-cart.ts";
import { createServices } from "../../src/services/container.ts";
import { openKv } from "../../src/store/kv.ts";

/** The fake Chorus Pro's port, known before the server starts (its CHORUS_PRO_* URLs). */
const CHORUS_PORT = freePort();
const CHORUS = `http://127.0.0.1:${CHORUS_PORT}`;
/** A CNRS delegation: its invoices need a service code and an engagement number. */
const STRICT_LAB = "18008901300007";
const DAY = 86_400_000;

browserTest(
  "[browser] public lab: checks out as 'Public body (Chorus Pro)', told under the field the service code its structure requires; staff see its invoice deposited, then MISE_EN_PAIEMENT, and on the order page its service code and EJ",
  async ({ server, newPage }) => {
    const fake = fakeChorusPro(CHORUS_PORT);
    fake.addStructure({
      siret: STRICT_LAB,
      name: "CNRS DR Paris-Centre",
      serviceCodeRequired: true,
      engagementNumberRequired: true,
    });
    // The einvoices job as the server runs it, on the server's KV, at the instants the test
    // chooses (as tests/api/chorus_pro_test.ts runs it): no waiting for the minute's cron.
    const kv = await openKv(server.kvPath);
    const worker = createServices(kv, testConfig({ chorusPro: fake.settings }));
    try {
      const page = await newPage();
      const drawer = await openDrawer(page);
      await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
      const form = page.getByRole("dialog", { name: "Checkout" });
      await fillCustomer(form);
      await form.getByLabel("Buying for a company").check();
      await form.getByLabel("Company name").fill("Laboratoire d'automatique");
      await form.getByLabel("Public body (Chorus Pro)").check();
      await form.getByLabel("SIRET of the structure").fill("180 089 013 00007");
      await form.getByLabel("Engagement number (EJ)").fill("EJ-1500012345");
      await form.getByRole("button", { name: "Proceed to Payment" }).click();
      const serviceCode = form.getByLabel("Service code (Chorus Pro)");
      await form.locator("#checkout-company-serviceCode-error")
        .filter({ hasText: "CNRS DR Paris-Centre requires a service code on its invoices" })
        .waitFor();
      assertEquals(await serviceCode.getAttribute("aria-invalid"), "true");
      await serviceCode.fill("DR02");
      await form.getByRole("button", { name: "Proceed to Payment" }).click();
      const payment = page.getByRole("dialog", { name: "Card Payment" });
      await payment.getByLabel("Card number").fill("4242424242424242");
      await payment.getByLabel("Expiry (MM / YY)").fill("12 / 34");
      await payment.getByLabel("CVC").fill("123");
      await payment.getByRole("button", { name: /^Pay / }).click();
      await page.getByRole("dialog", { name: "Payment Successful!" }).waitFor();
      // The browser logs the refusal it was answered; nothing else went wrong.
      assertEquals(page.problems.filter((p) => !p.includes("status of 422")), []);

      // The server runs the same job every minute: when its run holds the invoice's lease, this
      // one passes it by, so tick until one of them has deposited it (once).
      const [tx] = await worker.einvoiceTransmissions.list({});
      await waitFor(async () => {
        await worker.chorusPro!.tick();
        return fake.deposits(tx.documentNumber).length > 0;
      }, "the invoice deposited");
      assertEquals(fake.deposits(tx.documentNumber).length, 1);
      const staff = await newPage();
      await signInAs(staff, BOSS);
      await staff.goto("/admin/e-invoices");
      const row = staff.getByTestId("einvoices").getByRole("row", { name: tx.documentNumber });
      await row.filter({ hasText: "DEPOSEE" }).waitFor();

      // Chorus Pro moves the invoice on; the next run (a day later, past any poll) reads it.
      fake.setStatus(tx.documentNumber, "MISE_EN_PAIEMENT");
      await waitFor(async () => {
        await worker.chorusPro!.tick(new Date(Date.now() + DAY));
        const [now] = await worker.einvoiceTransmissions.list({});
        return now.status.code === "MISE_EN_PAIEMENT";
      }, "the new status read");
      await staff.reload();
      await row.filter({ hasText: "MISE_EN_PAIEMENT: payment on its way" }).waitFor();
      // The order page: what its invoice carries, and the same status.
      await row.getByRole("link", { name: tx.documentNumber }).click();
      const business = staff.getByTestId("order-business");
      await business.filter({ hasText: "DR02" }).filter({ hasText: "EJ-1500012345" }).waitFor();
      await staff.getByTestId("order-einvoices").filter({ hasText: "MISE_EN_PAIEMENT" }).waitFor();
    } finally {
      await worker.orderTracking.stop();
      await worker.restock.stop();
      await worker.newsletterSender.stop();
      await worker.mailer.stop();
      kv.close();
      await fake.close();
    }
  },
  {
    env: {
      CHORUS_PRO_CLIENT_ID: FAKE_CHORUS_CREDENTIALS.clientId,
      CHORUS_PRO_CLIENT_SECRET: FAKE_CHORUS_CREDENTIALS.clientSecret,
      CHORUS_PRO_LOGIN: FAKE_CHORUS_CREDENTIALS.login,
      CHORUS_PRO_PASSWORD: FAKE_CHORUS_CREDENTIALS.password,
      CHORUS_PRO_TOKEN_URL: `${CHORUS}/api/oauth/token`,
      CHORUS_PRO_API_URL: CHORUS,
    },
  },
);
