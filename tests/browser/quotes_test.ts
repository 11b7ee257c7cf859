import { Buffer } from "node:buffer";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { BIC, IBAN, transferConfig } from "../_lib/account-orders.ts";
import { BOSS, overflowX, PHONE, shellReady, signInAs } from "../_lib/admin-browser.ts";
import { browserTest, hydrated } from "../_lib/browser.ts";
import { camt053 } from "../_lib/camt053.ts";
import { atInstant } from "../_lib/clock.ts";
import { freePort, type RunningServer } from "../_lib/server.ts";
import { testConfig } from "../_lib/services.ts";
import { type Received, smtpSink, waitFor } from "../_lib/smtp.ts";
import { createOutboxStore } from "../../src/store/outbox.ts";
import { formatIban } from "../../src/domain/bank-account.ts";
import { addDays } from "../../src/domain/payment-terms.ts";
import { isRfReference } from "../../src/domain/rf-reference.ts";
import { shopDay } from "../../src/domain/shop-time.ts";
import { formatDate } from "../../src/i18n/format.ts";
import { createServices } from "../../src/services/container.ts";
import { openKv } from "../../src/store/kv.ts";
import type { Page } from "playwright-core";

const SMTP_PORT = freePort();
/** The server's settings: mail to the test's SMTP sink, bank transfers to the seller's IBAN. */
const ENV = { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, SELLER_IBAN: IBAN, SELLER_BIC: BIC };

/**
 * The quotes path in real Chromium, one server and browser for the file. Each step is a named
 * helper so later steps (bank statements, reminders) can be added to a flow.
 */

/** A lab's buyer, as staff type it. */
const LAB = {
  firstName: "Marie",
  lastName: "Curie",
  email: "achats@lab.example",
  phone: "+33 1 44 27 00 00",
  company: "Laboratoire Curie",
  address: "11 rue Pierre et Marie Curie",
  city: "Paris",
  zipCode: "75005",
};

/** Where the lab's invoices go (its university's accounts office, abroad). */
const LAB_BILLING = { address: "Universitätsstraße 1", city: "Berlin", zipCode: "10117" };

/** Staff on the Quotes screen, signed in. */
async function staffOnQuotes(page: Page) {
  await signInAs(page, BOSS, "/admin/login?next=%2Fadmin%2Fquotes");
  await shellReady(page);
  await page.getByRole("heading", { name: "Quotes", level: 1 }).waitFor();
}

/**
 * Staff make a quote with the keyboard's N: the lab, two boards at 10 % off, France, in the
 * buyer's language; it opens as a draft on its page. Answers the quote's number.
 */
async function staffCreateQuote(
  page: Page,
  language: "English" | "French",
  payment = "On terms (invoice when shipped)",
): Promise<string> {
  await hydrated(page, page.getByTestId("new-quote"));
  await page.keyboard.press("n");
  const dialog = page.getByTestId("quote-dialog");
  await dialog.getByLabel("First name").fill(LAB.firstName);
  await dialog.getByLabel("Last name").fill(LAB.lastName);
  await dialog.getByLabel(/^Email/).fill(LAB.email);
  await dialog.getByLabel(/^Phone/).fill(LAB.phone);
  await dialog.getByLabel(/^Language/).selectOption({ label: language });
  await dialog.getByLabel(/^Company name/).fill(LAB.company);
  await dialog.getByLabel(/^Address/).fill(LAB.address);
  await dialog.getByLabel(/^City/).fill(LAB.city);
  await dialog.getByLabel(/^ZIP code/).fill(LAB.zipCode);
  await dialog.getByLabel(/^Country/).selectOption("France");
  await dialog.getByLabel(/^Product/).selectOption({ label: "Vectra DSP Board (25 in stock)" });
  await dialog.getByLabel(/^Quantity/).fill("2");
  await dialog.getByLabel("Discount %").fill("10");
  await dialog.getByLabel(/^Payment$/).selectOption({ label: payment });
  await dialog.getByTestId("quote-estimate").filter({ hasText: "€1,080.00" }).waitFor();
  await dialog.getByRole("button", { name: "Create quote" }).click();
  await page.waitForURL(/\/admin\/quotes\/[^/?]+$/);
  const heading = await page.getByRole("heading", { level: 1 }).innerText();
  const number = heading.replace("Quote ", "").trim();
  assert(/^D\d{4}-\d{6}$/.test(number), heading);
  return number;
}

/** Staff send the quote from its page (asked first); it reads "sent". */
async function staffSendQuote(page: Page) {
  const actions = page.getByRole("group", { name: "Quote actions" });
  await hydrated(page, actions);
  await actions.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send", exact: true }).click();
  await page.getByTestId("quote-facts").getByText("Sent").waitFor();
}

/** A mail's text, its quoted-printable soft breaks and escapes undone. */
const mailText = (m: Received) =>
  m.raw.replace(/=\r?\n/g, "").replace(
    /=([0-9A-F]{2})/g,
    (_, h) => String.fromCharCode(parseInt(h, 16)),
  );

/** The link to a quote page under `base` ("/fr/devis") in a mail to `to` (waits for it). */
async function quoteLinkInMail(received: Received[], to: string, base: string): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+${base}/D\\d{4}-\\d{6}\\?t=[\\w-]+`);
  const link = () =>
    received.filter((m) => m.to.includes(to)).map((m) => pattern.exec(mailText(m))?.[0])
      .find(Boolean);
  await waitFor(() => !!link(), `a mail to ${to} linking ${base}`);
  const url = new URL(link()!);
  return url.pathname + url.search;
}

/** The quote page's words the buyer reads, in each language. */
const ACCEPT = {
  fr: {
    button: "Accepter le devis",
    missing: "Veuillez indiquer votre numéro de bon de commande.",
    field: /^Numéro de bon de commande/,
    order: /\/fr\/orders\/ORD-\d+\?t=/,
  },
  en: {
    button: "Accept the quote",
    missing: "Please give your purchase order number.",
    field: /^Purchase order number/,
    order: /^[^?]*\/\/[^/]+\/orders\/ORD-\d+\?t=/,
  },
};

/**
 * The buyer opens the quote page from the mail and accepts it with its purchase order number
 * (a missing one is said in the page's language first); they land on their order's page.
 */
async function buyerAcceptsQuote(
  page: Page,
  link: string,
  purchaseOrder: string,
  lang: keyof typeof ACCEPT = "fr",
) {
  const w = ACCEPT[lang];
  await page.goto(link);
  const accept = page.locator("#quote-accept");
  // The page's script marks its answers ready once it has wired them.
  await page.locator("#quote-answers[data-ready]").waitFor({ state: "attached" });
  await accept.getByRole("button", { name: w.button }).click();
  await accept.getByText(w.missing).waitFor();
  await accept.getByLabel(w.field).fill(purchaseOrder);
  await accept.getByRole("button", { name: w.button }).click();
  await page.waitForURL(w.order);
}

/**
 * The lab, in French: the board in the cart (France), « Demander un devis » beside « Passer la
 * commande », the request page filled (a missing field said in French first) and sent.
 */
async function labRequestsQuoteFromCart(page: Page) {
  await page.goto("/fr/shop/vectra-dsp-board");
  const add = page.getByRole("button", { name: "Ajouter au panier" });
  await hydrated(page, add);
  await page.locator("astro-island[component-url*=CartDrawer]:not([ssr])").waitFor({
    state: "attached",
  });
  await add.click();
  await page.getByRole("link", { name: /^Panier, 1 article/ }).click();
  const drawer = page.getByRole("dialog", { name: "Panier" });
  await drawer.getByLabel("Pays de livraison").selectOption({ label: "France" });
  await drawer.getByRole("link", { name: "Demander un devis" }).click();
  await page.waitForURL("**/fr/quote-request");
  const form = page.locator("#quote-request[data-ready]");
  await form.waitFor();
  assertStringIncludes(await page.getByTestId("quote-request-cart").innerText(), "1 × ");
  await form.getByRole("button", { name: "Demander le devis" }).click();
  await page.getByText(/^Veuillez vérifier ce champ\./).waitFor();
  await form.getByLabel(/^Raison sociale/).fill(LAB.company);
  await form.getByLabel(/^Prénom/).fill(LAB.firstName);
  await form.locator("#qr-customer-lastName").fill(LAB.lastName);
  await form.getByLabel(/^E-mail/).fill(LAB.email);
  await form.getByLabel(/^Téléphone/).fill(LAB.phone);
  const delivery = form.getByRole("group", { name: "Adresse de livraison" });
  await delivery.getByLabel(/^Adresse/).fill(LAB.address);
  await delivery.getByLabel(/^Ville/).fill(LAB.city);
  await delivery.getByLabel(/^Code postal/).fill(LAB.zipCode);
  // Countries named in French, in French order: Germany is « Allemagne », before « Belgique ».
  const shipTo = (await delivery.getByLabel(/^Pays/).locator("option").allInnerTexts()).slice(1);
  assert(shipTo.includes("Allemagne"), shipTo.join(", "));
  assertEquals(shipTo, [...shipTo].sort((a, b) => a.localeCompare(b, "fr")));
  // The university's accounts office, billed elsewhere: a missing billing field is said first.
  await form.getByLabel("Facturer à une autre adresse").check();
  const billing = form.getByRole("group", { name: "Adresse de facturation" });
  await billing.getByLabel(/^Adresse/).fill(LAB_BILLING.address);
  await form.getByRole("button", { name: "Demander le devis" }).click();
  await page.getByText(/^Veuillez vérifier ce champ\. Ville/).waitFor();
  await billing.getByLabel(/^Ville/).fill(LAB_BILLING.city);
  await billing.getByLabel(/^Code postal/).fill(LAB_BILLING.zipCode);
  await billing.getByLabel(/^Pays/).selectOption({ label: "Allemagne" });
  await form.getByRole("button", { name: "Demander le devis" }).click();
  await page.getByTestId("quote-request-sent").filter({ hasText: LAB.email }).waitFor();
}

/**
 * Staff ship the order on its back-office page (status Shipped, a carrier): its invoice is
 * issued then, as the order is on terms. Answers the invoice's number.
 */
async function staffShipOrder(page: Page): Promise<string> {
  const status = page.getByLabel("Order status");
  await hydrated(page, status);
  await status.selectOption("shipped");
  await page.getByLabel("Carrier").fill("Colissimo");
  await page.getByRole("button", { name: "Update Status" }).click();
  await page.getByText("Order status updated").waitFor();
  const invoice = page.getByTestId("order-documents").getByText(/^Invoice F/);
  await invoice.waitFor();
  return (await invoice.innerText()).replace("Invoice ", "").trim();
}

/** A PDF's text (poppler's pdftotext), its whitespace squeezed to single spaces. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const file = await Deno.makeTempFile({ suffix: ".pdf" });
  try {
    await Deno.writeFile(file, bytes);
    const out = await new Deno.Command("pdftotext", { args: ["-layout", file, "-"] }).output();
    return new TextDecoder().decode(out.stdout).replace(/\s+/g, " ");
  } finally {
    await Deno.remove(file);
  }
}

/** Staff import a bank statement on the Bank statements screen, with its file control. */
async function staffImportStatement(page: Page, xml: string) {
  await page.goto("/admin/bank-statements");
  const file = page.getByLabel("Statement file (camt.053 XML)");
  await hydrated(page, file);
  await file.setInputFiles({
    name: "releve-2026-11-26.xml",
    mimeType: "application/xml",
    buffer: Buffer.from(xml),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await page.getByTestId("import-report").waitFor();
}

/**
 * The reminder job's passes on the server's KV, as another instance of the shop would run them
 * at noon on each of `days` (the server's clock cannot be moved): answers the reminders queued.
 */
async function remindersOn(server: RunningServer, days: string[]): Promise<string[]> {
  const kv = await openKv(server.kvPath);
  const config = testConfig();
  const services = createServices(kv, { ...config, ...transferConfig(config) });
  try {
    for (const day of days) {
      await atInstant(Date.parse(`${day}T11:00:00Z`), () => services.receivables.pass());
    }
    const subjects: string[] = [];
    for (const mail of await createOutboxStore(kv).list()) {
      if (/relance|reminder/i.test(mail.subject)) subjects.push(mail.subject);
    }
    return subjects;
  } finally {
    await services.orderTracking.stop();
    await services.restock.stop();
    await services.newsletterSender.stop();
    await services.mailer.stop();
    kv.close();
  }
}

browserTest(
  "[browser] quotes at 390 px: staff make a quote with N and send it; a French lab asks one from the cart, opens it from the mail and accepts it with its PO; staff ship it; its invoice is due in 30 days to the IBAN with an RF reference; staff import the bank's camt.053; paid, no reminder leaves; an English quote paid before shipping has its pro-forma, cannot ship unpaid, is paid by transfer, then ships with its invoice",
  async ({ server, newPage }) => {
    const smtp = await smtpSink(SMTP_PORT);
    const page = await newPage(PHONE);
    await staffOnQuotes(page);
    await page.getByText("No quotes found").waitFor();
    // Staff's quote, in English, to be paid before shipping (the days left blank).
    const number = await staffCreateQuote(page, "English", "Before shipping (pro-forma)");
    assertStringIncludes(await page.getByTestId("quote-facts").innerText(), "Before shipping");
    const englishQuotePage = page.url();

    // Its page: the server's prices (2 × 540.00 incl. 20 % VAT + France's 9.90), a draft.
    const lines = await page.getByTestId("quote-lines").innerText();
    assertStringIncludes(lines, "10 %");
    assertEquals(await page.getByTestId("quote-total").innerText(), "€1,089.90");
    assertStringIncludes((await page.locator("main").innerText()).toLowerCase(), "draft");
    await staffSendQuote(page);
    assertEquals(await overflowX(page), 0, "no sideways scroll at 390 px");

    // The list: its filters live in the URL.
    await page.goto("/admin/quotes?status=sent");
    const row = page.getByTestId("quote-row");
    assertEquals(await row.count(), 1);
    assertStringIncludes(await row.innerText(), LAB.company);
    assertEquals(await overflowX(page), 0, "the list scrolls in its own box");
    await page.goto(`/admin/quotes?q=${encodeURIComponent(number)}`);
    assertEquals(await page.getByTestId("quote-row").count(), 1);
    await page.goto("/admin/quotes?status=draft");
    await page.getByText("No quotes found").waitFor();

    // The lab, in French on a phone: a quote asked from the cart, its page from the mail,
    // accepted with its purchase order.
    const buyer = await newPage({ ...PHONE, locale: "fr-FR" });
    await labRequestsQuoteFromCart(buyer);
    const link = await quoteLinkInMail(smtp.received, LAB.email, "/fr/devis");
    assert(link.startsWith("/fr/devis/D"), link);
    await buyer.goto(link);
    // One board, France: 600.00 incl. 20 % VAT + 9.90.
    assertStringIncludes(await buyer.getByTestId("quote-total").innerText(), "609,90");
    assertStringIncludes(await buyer.getByTestId("quote-terms").innerText(), "30 jours");
    assertEquals(await overflowX(buyer), 0, "the quote page fits a phone");
    await buyerAcceptsQuote(buyer, link, "BC-2026-0042");

    // Staff: accepted, its PO, the order it made.
    await page.goto("/admin/quotes?status=accepted");
    await page.getByTestId("quote-row").getByRole("link").first().click();
    assertEquals(await page.getByTestId("quote-po").innerText(), "BC-2026-0042");
    assertStringIncludes(await page.getByTestId("quote-order").innerText(), "ORD-");
    // The billing address the lab gave on the request page, with its country as the shop stores it.
    const facts = await page.locator("main").innerText();
    assertStringIncludes(facts, `${LAB_BILLING.zipCode} ${LAB_BILLING.city}`);
    assertStringIncludes(facts, "Germany");

    // Staff ship it from its page: the invoice is issued, due 30 days after, to the seller's IBAN
    // with an RF reference of its own (valid check digits), on the lab's order page and its PDF.
    await page.getByTestId("quote-order").click();
    await page.waitForURL(/\/admin\/orders\/[^/?]+$/);
    const staffOrderPage = page.url();
    const invoiceNumber = await staffShipOrder(page);
    assertEquals(await overflowX(page), 0, "the order page fits a phone");
    const due = addDays(shopDay(Date.now(), "Europe/Paris"), 30);
    const orderPage = buyer.url();
    await buyer.reload();
    const transfer = await buyer.getByTestId("order-transfer").innerText();
    const reference = /RF\d{2}[0-9A-Z ]+/.exec(transfer)?.[0].trim() ?? "";
    assert(isRfReference(reference), transfer);
    for (const part of ["609,90", formatDate(`${due}T12:00:00Z`, "fr", "UTC"), formatIban(IBAN)]) {
      assertStringIncludes(transfer, part);
    }
    const pdfLink = buyer.getByTestId("order-documents").getByRole("link", {
      name: `Facture ${invoiceNumber}`,
    });
    const pdf = await buyer.request.get((await pdfLink.getAttribute("href"))!);
    const invoice = await pdfText(await pdf.body());
    for (
      const part of [
        `Échéance / Due date ${due.split("-").reverse().join("/")}`,
        formatIban(IBAN),
        reference,
        "BC-2026-0042",
      ]
    ) assertStringIncludes(invoice, part);

    // The university's transfer arrives with that reference: staff import the day's statement.
    await staffImportStatement(
      page,
      camt053([{
        ref: "BANK-0001",
        cents: 60990,
        payer: "Universität Berlin",
        rf: reference.replace(/ /g, ""),
      }]),
    );
    assertStringIncludes(
      await page.getByTestId("import-report").getByRole("status").innerText(),
      "1 paid",
    );
    assertEquals(await overflowX(page), 0, "the import report fits a phone");
    await page.goto(staffOrderPage);
    await page.getByTestId("payment-status").getByText("paid", { exact: true }).waitFor();
    await buyer.goto(orderPage);
    assertStringIncludes(await buyer.getByTestId("order-transfer").innerText(), "Payé");

    // Paid: the reminder job, its clock moved past due + 1 and due + 15, sends nothing.
    assertEquals(await remindersOn(server, [addDays(due, 1), addDays(due, 15)]), []);

    // Staff's English quote, to be paid before shipping: the buyer accepts it; their order page
    // asks for the transfer before shipping and gives the pro-forma to pay it with.
    const english = await quoteLinkInMail(smtp.received, LAB.email, "/quotes");
    const payer = await newPage(PHONE);
    await buyerAcceptsQuote(payer, english, "PO-7731", "en");
    const owed = await payer.getByTestId("order-transfer").innerText();
    assertStringIncludes(owed, "€1,089.90");
    assertStringIncludes(owed, "Before shipping");
    const payTo = /RF\d{2}[0-9A-Z ]+/.exec(owed)?.[0].trim() ?? "";
    assert(isRfReference(payTo), owed);
    assertEquals(await overflowX(payer), 0, "the English order page fits a phone");
    const proFormaLink = payer.getByTestId("order-pro-forma").getByRole("link");
    assertStringIncludes(await proFormaLink.innerText(), "not an invoice");
    const proForma = await payer.request.get((await proFormaLink.getAttribute("href"))!);
    assertEquals(proForma.headers()["content-type"], "application/pdf");
    const proFormaText = await pdfText(await proForma.body());
    for (const part of ["Pro forma invoice", payTo, "PO-7731", "1,089.90"]) {
      assertStringIncludes(proFormaText, part);
    }

    // Staff cannot ship it unpaid: the order page says why, and it stays unshipped.
    await page.goto(englishQuotePage);
    await page.getByTestId("quote-order").click();
    await page.waitForURL(/\/admin\/orders\/[^/?]+$/);
    const englishOrderPage = page.url();
    const status = page.getByLabel("Order status");
    await hydrated(page, status);
    await status.selectOption("shipped");
    await page.getByRole("button", { name: "Update Status" }).click();
    const refusal = page.getByRole("dialog").filter({ hasText: "not paid yet" });
    await refusal.waitFor();
    await refusal.getByRole("button", { name: "Close" }).click();
    assertEquals(page.problems, [
      "console: Failed to load resource: the server responded with a status of 409 (Conflict)",
    ]);
    page.problems.length = 0;

    // The transfer arrives: staff import it; the order is paid, ships, and has its invoice.
    await staffImportStatement(
      page,
      camt053([{ ref: "BANK-0002", cents: 108990, rf: payTo.replace(/ /g, "") }], {
        id: "STMT-2026-11-27",
      }),
    );
    await page.getByTestId("import-report").getByText("1 paid").waitFor();
    await page.goto(englishOrderPage);
    await page.getByTestId("payment-status").getByText("paid", { exact: true }).waitFor();
    const paidInvoice = await staffShipOrder(page);
    await payer.reload();
    assertStringIncludes(await payer.getByTestId("order-transfer").innerText(), "Paid");
    await payer.getByTestId("order-documents").getByRole("link", {
      name: `Invoice ${paidInvoice}`,
    }).waitFor();
    assertEquals(payer.problems, []);
    assertEquals(page.problems, []);
    assertEquals(buyer.problems, []);
    await smtp.close();
  },
  { env: ENV },
);
