import { renderToString } from "preact-render-to-string";
import OrderStatusContent from "../../src/components/orders/OrderStatusContent.tsx";
import { toAdminOrder } from "../../src/domain/admin-order.ts";
import { toDocumentSummary } from "../../src/domain/invoice.ts";
import OrderDocuments from "../../src/ui/admin/OrderDocuments.tsx";
import { formatIban } from "../../src/domain/bank-account.ts";
import { toEInvoice } from "../../src/domain/en16931.ts";
import { formatRfReference } from "../../src/domain/rf-reference.ts";
import { formatDate, formatMoney } from "../../src/i18n/format.ts";
import { assert, assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import { jsonRequest, testConfig, withServices } from "../_lib/services.ts";

const IBAN = "FR7630006000011234567890189";
const BIC = "AGRIFRPP882";
const CLERK = { id: "clerk", email: "clerk@example.com", role: "admin" as const };
/** What the page reads as text: tags dropped, no-break spaces as spaces. */
const seen = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/[\s\u00a0\u202f]+/g, " ");

Deno.test("[api] an accepted quote's order page says what is due, when, to which IBAN, with which reference; shipped, its invoice is due N days later", () =>
  withServices(async (t) => {
    const board = (await t.services.products.list()).find((p) => p.name.includes("DSP Board"))!;
    const res = await t.api.request(
      "/api/quote-requests",
      jsonRequest("POST", {
        items: [{ id: board.id, quantity: 2 }],
        shippingCountry: "France",
        customer: {
          firstName: "Marie",
          lastName: "Curie",
          email: "achats@labo.example",
          phone: "01",
        },
        business: { companyName: "Laboratoire Curie" },
        shippingAddress: { address: "1 Rue X", city: "Paris", zipCode: "75005", country: "France" },
        locale: "fr",
      }),
    );
    const { number } = await assertJsonResponse(res, 201) as { number: string };
    const token = await t.services.quoteLinks.token(number);
    const accepted = await t.api.request(
      `/api/public/quotes/${number}/accept?t=${token}`,
      jsonRequest("POST", { purchaseOrder: "BC-2026-04" }),
    );
    const { orderNumber } = await assertJsonResponse(accepted, 201) as { orderNumber: string };
    const bank = { iban: IBAN, bic: BIC };
    const page = async () => {
      const order = (await t.services.orders.getByNumber(orderNumber))!;
      return {
        order,
        text: seen(renderToString(
          <OrderStatusContent
            lang="fr"
            order={order}
            documents={await t.services.invoices.ofOrder(order.id)}
            token={await t.services.orderLinks.token(orderNumber)}
            timeZone="Europe/Paris"
            bank={bank}
          />,
        )),
      };
    };
    const before = await page();
    const reference = before.order.account!.reference;
    for (
      const e of [
        "Paiement par virement",
        `Montant dû ${seen(formatMoney(before.order.totalCents, "fr"))}`,
        "à 30 jours date de facture",
        `IBAN ${formatIban(IBAN)}`,
        `BIC ${BIC}`,
        `Référence ${formatRfReference(reference)}`,
      ]
    ) assertStringIncludes(before.text, e);
    assertEquals(await t.services.invoices.ofOrder(before.order.id), [], "no invoice yet");
    const staffSee = async () => {
      const order = (await t.services.orders.getByNumber(orderNumber))!;
      const documents = (await t.services.invoices.ofOrder(order.id)).map(toDocumentSummary);
      return seen(renderToString(
        <OrderDocuments documents={documents} order={toAdminOrder(order)} />,
      ));
    };
    const staffBefore = await staffSee();
    for (
      const e of [
        "Payment Bank transfer, on terms: 30 days after the invoice",
        `Reference ${formatRfReference(reference)}`,
        `Due ${seen(formatMoney(before.order.totalCents, "en"))}`,
        "No invoice yet: one is issued when the order ships.",
      ]
    ) assertStringIncludes(staffBefore, e);

    await t.services.orderDesk.setStatus(CLERK, before.order.id, { status: "shipped" });
    const after = await page();
    const due = after.order.account!.dueDate!;
    assertStringIncludes(
      after.text,
      `Échéance ${seen(formatDate(`${due}T12:00:00Z`, "fr", "UTC"))}`,
    );
    const [invoice] = await t.services.invoices.ofOrder(after.order.id);
    assert(invoice, "the invoice is issued when the order ships");
    const e = toEInvoice(invoice);
    assertEquals(e.dueDate, due);
    assertEquals(e.paymentMeans, {
      code: "58",
      text: "Virement SEPA / SEPA credit transfer",
      iban: IBAN,
      bic: BIC,
      reference,
    });
    assertEquals(e.purchaseOrder, "BC-2026-04");
    assertEquals(e.totals.dueCents, after.order.totalCents);
    assertStringIncludes(after.text, invoice.number);
    assertStringIncludes(await staffSee(), `Due date ${due}`);
  }, { config: { transfers: { ...testConfig().transfers, iban: IBAN, bic: BIC } } }));
