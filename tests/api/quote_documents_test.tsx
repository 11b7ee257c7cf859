import { renderToString } from "preact-render-to-string";
import OrderStatusContent from "../../src/components/orders/OrderStatusContent.tsx";
import QuoteContent from "../../src/components/quotes/QuoteContent.tsx";
import { formatIban } from "../../src/domain/bank-account.ts";
import { proFormaPath, quotePdfPath } from "../../src/domain/document-links.ts";
import { formatRfReference } from "../../src/domain/rf-reference.ts";
import { vatGroup } from "../../src/domain/tax.ts";
import { formatDate, formatMoney } from "../../src/i18n/format.ts";
import { BIC, IBAN, transferConfig } from "../_lib/account-orders.ts";
import { loginAs } from "../_lib/admin.ts";
import { assert, assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import { jsonRequest, testConfig, type TestContext, withServices } from "../_lib/services.ts";

/**
 * The documents of a sale on account that are no invoice: the quote's PDF and the pro-forma of
 * an order paid before shipping, read back as laid out (poppler's pdftotext -layout: a label and
 * its value on one line) and compared with what
 * the quote and order pages say; and such an order ships only once paid.
 */

const config = transferConfig(testConfig());
const BANK = { id: "bank", email: "", role: "system" as const };
/** Text as read: every run of spaces (no-break ones too) one space. */
const flat = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, " ").trim();
const seen = (html: string) => flat(html.replace(/<[^>]+>/g, " ").replace(/&#39;/g, "'"));

async function pdfText(res: Response): Promise<string> {
  assertEquals(res.status, 200, "the PDF is served");
  assertEquals(res.headers.get("Content-Type"), "application/pdf");
  const bytes = new Uint8Array(await res.arrayBuffer());
  assertEquals(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  const file = await Deno.makeTempFile({ suffix: ".pdf" });
  try {
    await Deno.writeFile(file, bytes);
    const out = await new Deno.Command("pdftotext", {
      args: ["-layout", "-enc", "UTF-8", file, "-"],
      stdout: "piped",
    }).output();
    assert(out.success, "pdftotext reads it");
    return flat(new TextDecoder().decode(out.stdout));
  } finally {
    await Deno.remove(file);
  }
}

const boardId = async (t: TestContext) =>
  (await t.services.products.list()).find((p) => p.name.includes("DSP Board"))!.id;

function quoteBody(board: string, extra: Record<string, unknown>) {
  return {
    items: [{ id: board, quantity: 4, discountPercent: 12.5 }],
    shippingCountry: "France",
    customer: { firstName: "Marie", lastName: "Curie", email: "achats@labo.example", phone: "01" },
    business: { companyName: "Laboratoire Curie", siren: "732829320", purchaseOrder: "DA-77" },
    shippingAddress: {
      address: "1 Rue X",
      city: "Paris",
      state: "",
      zipCode: "75005",
      country: "France",
    },
    note: "Tarif enseignement 2027",
    terms: { kind: "on_terms", days: 45 },
    locale: "fr",
    ...extra,
  };
}

Deno.test("[api] quote PDF in the buyer's language: French (discount, VAT, terms, IBAN, L441-9) for staff and behind the quote's link, English export net; its numbers are the quote page's", () =>
  withServices(async (t) => {
    const staff = await loginAs(t, "admin");
    const board = await boardId(t);
    const made = await t.api.request(
      "/api/quotes",
      jsonRequest("POST", quoteBody(board, {}), staff.headers),
    );
    const { id } = await assertJsonResponse(made, 201) as { id: string };
    await t.api.request(`/api/quotes/${id}/send`, { method: "POST", headers: staff.headers });
    const q = (await t.services.quoteDesk.detail(id))!.quote;
    const token = await t.services.quoteLinks.token(q.number);
    const page = seen(renderToString(
      <QuoteContent lang="fr" quote={q} token={token} orderUrl={null} timeZone="Europe/Paris" />,
    ));
    assertStringIncludes(page, "Télécharger le devis (PDF)");
    const fr = await pdfText(
      await t.api.request(`/api/quotes/${id}/pdf`, { headers: staff.headers }),
    );
    const money = (c: number) => flat(formatMoney(c, "fr"));
    const vat = vatGroup(q.totalCents, q.tax);
    for (
      const e of [
        "Devis",
        `N° ${q.number}`,
        `Valable jusqu’au ${flat(formatDate(`${q.validUntil}T12:00:00Z`, "fr", "UTC"))}`,
        "Bon de commande DA-77",
        "SIREN 732 829 320",
        "12,5 %",
        "HT après remise",
        `Total TTC ${money(q.totalCents)}`,
        `TVA 20 % sur ${money(vat.netCents)} ${money(vat.vatCents)}`,
        "Paiement par virement à 45 jours date de facture",
        `IBAN ${flat(formatIban(IBAN))}`,
        `BIC ${BIC}`,
        "Note : Tarif enseignement 2027",
        "Pénalités de retard : trois fois le taux d’intérêt légal",
        "40 €",
        "Pas d’escompte pour paiement anticipé.",
      ]
    ) assertStringIncludes(fr, e);
    // The quote page states the same total and VAT.
    assertStringIncludes(page, money(q.totalCents));
    assertStringIncludes(page, money(vat.vatCents));
    assert(!/Facture|Invoice/.test(fr), "a quote is no invoice");
    // The buyer's mail links the PDF behind the same token.
    const mail = (await t.services.outbox.list()).find((m) => m.to === "achats@labo.example")!;
    assertStringIncludes(mail.text, quotePdfPath(q.number, token));
    const pub = await t.api.request(quotePdfPath(q.number, token));
    assertEquals(await pdfText(pub), fr, "the buyer's PDF is staff's");
    const wrong = await t.api.request(quotePdfPath(q.number, `${token.slice(0, -2)}xx`));
    assertEquals(wrong.status, 404);
    await wrong.body?.cancel();
    assertEquals((await t.api.request(`/api/quotes/${id}/pdf`)).status, 401);

    // A buyer abroad, in English: exports are net, the unit price is the page's.
    const en = await t.api.request(
      "/api/quote-requests",
      jsonRequest("POST", {
        ...quoteBody(board, { locale: "en", shippingCountry: "Switzerland" }),
        items: [{ id: board, quantity: 3 }],
        business: { companyName: "ETH Lab" },
        shippingAddress: {
          address: "Rämistrasse 101",
          city: "Zürich",
          zipCode: "8092",
          country: "Switzerland",
        },
      }),
    );
    const { number } = await assertJsonResponse(en, 201) as { number: string };
    const enToken = await t.services.quoteLinks.token(number);
    const eq = await t.services.quoteDesk.view(number, enToken);
    const text = await pdfText(await t.api.request(quotePdfPath(number, enToken)));
    const enPage = seen(renderToString(
      <QuoteContent lang="en" quote={eq} token={enToken} orderUrl={null} timeZone="UTC" />,
    ));
    const unit = flat(formatMoney(eq.lines[0].priceCents, "en"));
    for (
      const e of [
        "Quote",
        `No. ${number}`,
        "Valid until",
        unit,
        `Total incl. VAT ${flat(formatMoney(eq.totalCents, "en"))}`,
        "VAT 0% (exempt)",
        "Switzerland",
        "Payment by bank transfer within 30 days of the invoice",
        "Late-payment penalties",
        "No discount for early payment.",
      ]
    ) assertStringIncludes(text, e);
    assertStringIncludes(enPage, unit);
    assertStringIncludes(enPage, flat(formatMoney(eq.totalCents, "en")));
    assert(!text.includes("Devis"), "English only");
  }, { config }));

Deno.test("[api] paid before shipping: a pro-forma outside the invoice series (page, mail, staff); shipping unpaid is a 409 that changes nothing; paid, the invoice is issued and it ships", () =>
  withServices(async (t) => {
    const staff = await loginAs(t, "admin");
    const board = await boardId(t);
    const made = await t.api.request(
      "/api/quotes",
      jsonRequest(
        "POST",
        quoteBody(board, {
          locale: "en",
          items: [{ id: board, quantity: 2 }],
          terms: { kind: "before_shipping", days: 0 },
        }),
        staff.headers,
      ),
    );
    const quote = await assertJsonResponse(made, 201) as { id: string; number: string };
    await t.api.request(`/api/quotes/${quote.id}/send`, {
      method: "POST",
      headers: staff.headers,
    });
    const qt = await t.services.quoteLinks.token(quote.number);
    const accepted = await t.api.request(
      `/api/public/quotes/${quote.number}/accept?t=${qt}`,
      jsonRequest("POST", { purchaseOrder: "PO-9" }),
    );
    const { orderNumber } = await assertJsonResponse(accepted, 201) as { orderNumber: string };
    const order = (await t.services.orders.getByNumber(orderNumber))!;
    const token = await t.services.orderLinks.token(orderNumber);
    const link = proFormaPath(orderNumber, token);
    const reference = formatRfReference(order.account!.reference);

    const mail = (await t.services.outbox.list()).find((m) => m.subject.includes(orderNumber))!;
    assertStringIncludes(mail.text, link);
    const page = seen(renderToString(
      <OrderStatusContent
        lang="en"
        order={order}
        documents={[]}
        token={token}
        timeZone="UTC"
        bank={{ iban: IBAN, bic: BIC }}
      />,
    ));
    assertStringIncludes(page, `Pro forma invoice ${orderNumber} (PDF)`);
    const text = await pdfText(await t.api.request(link));
    for (
      const e of [
        "Pro forma invoice",
        `No. ${orderNumber}`,
        `Quote ${quote.number}`,
        "Purchase order PO-9",
        "Due Before shipping",
        `IBAN ${flat(formatIban(IBAN))}`,
        `BIC ${BIC}`,
        `Reference ${reference}`,
        `Amount due ${flat(formatMoney(order.totalCents, "en"))}`,
        "This pro forma invoice is not an invoice",
        "Late-payment penalties",
      ]
    ) assertStringIncludes(text, e);
    assert(!/F\d{4}-\d{6}/.test(text), "no invoice number");
    const staffPdf = await t.api.request(`/api/orders/${order.id}/pro-forma`, {
      headers: staff.headers,
    });
    assertEquals(await pdfText(staffPdf), text);
    const bad = await t.api.request(proFormaPath(orderNumber, "x".repeat(43)));
    assertEquals(bad.status, 404);
    await bad.body?.cancel();
    assertEquals(await t.services.invoices.ofOrder(order.id), [], "no invoice number consumed");

    // Unpaid, it does not ship: a clear 409, nothing changes.
    const stock = (await t.services.products.get(board))!.stock;
    for (const status of ["shipped", "delivered"]) {
      const res = await t.api.request(
        `/api/orders/${order.id}/status`,
        jsonRequest("PUT", { status }, staff.headers),
      );
      const body = await assertJsonResponse(res, 409) as { error: string; message: string };
      assertEquals(body.error, "unpaid_before_shipping");
      assertStringIncludes(body.message, "paid before shipping");
    }
    const after = (await t.services.orders.get(order.id))!;
    assertEquals([after.status, after.updatedAt], [order.status, order.updatedAt]);
    assertEquals((await t.services.products.get(board))!.stock, stock);
    assertEquals(await t.services.invoices.ofOrder(order.id), []);

    // Paid (a bank statement's credit): the invoice is issued, nothing left due; then it ships.
    await t.services.accountPayments.record(BANK, order.id, {
      id: "camt:E-1",
      valueDate: "2026-11-27",
      amountCents: order.totalCents,
      source: "bank",
    });
    const [invoice] = await t.services.invoices.ofOrder(order.id);
    assert(invoice, "paid, the order has its invoice");
    const shipped = await t.api.request(
      `/api/orders/${order.id}/status`,
      jsonRequest("PUT", { status: "shipped" }, staff.headers),
    );
    assertEquals((await assertJsonResponse(shipped, 200) as { status: string }).status, "shipped");
    const docs = await t.services.invoices.ofOrder(order.id);
    assertEquals(docs.map((d) => d.number), [invoice.number], "one invoice, issued when paid");
    assertEquals(docs[0].account?.paidCents, order.totalCents, "nothing due on it");
  }, { config }));
