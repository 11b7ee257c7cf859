import { renderToString } from "preact-render-to-string";
import { extractText, getDocumentProxy } from "unpdf";
import OrderStatusContent from "../../src/components/orders/OrderStatusContent.tsx";
import type { AdminOrder } from "../../src/domain/admin-order.ts";
import { formatMoney } from "../../src/domain/money.ts";
import { formatMoney as frenchMoney } from "../../src/i18n/format.ts";
import OrderDetail from "../../src/ui/admin/OrderDetail.tsx";
import { assert, assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { productByName } from "../_lib/checkout.ts";
import { jsonRequest, type TestContext } from "../_lib/services.ts";
import { buy, withVies } from "../_lib/tax.ts";

/** What a reader of rendered HTML sees: tags gone, entities read, spaces folded. */
const seen = (html: string) =>
  html.replace(/<[^>]+>/g, " ").replaceAll("&amp;", "&").replaceAll("&#215;", "×")
    .replaceAll("&times;", "×").replaceAll("&nbsp;", " ").replace(/\s+/g, " ");

async function pdfText(t: TestContext, headers: Record<string, string>, number: string) {
  const res = await t.api.request(`/api/invoices/${number}/pdf`, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** Text without its spaces (a PDF's text runs words and no-break spaces its own way). */
const squeeze = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, "");

/** A CSV's rows as cells (no quoted commas in these files), a neutralised "'-" read back. */
const rows = (csv: string) =>
  csv.trim().split("\r\n").slice(1).map((r) => r.split(",").map((c) => c.replace(/^'/, "")));
const cents = (cell: string) => Math.round(Number(cell) * 100);

Deno.test("[api] one order's VAT agrees everywhere: mails (text and HTML), the buyer's page, the staff page, the invoice, the CSV", () =>
  withVies(async (t, vies) => {
    vies.registered.set("BE0411905847", "ACME SA");
    const clerk = await loginAs(t, "admin");
    const board = (await productByName(t.services, "Vectra DSP Board")).id;
    const cases = [
      // VAT_OSS=on: Germany's 19% inside the shelf price.
      { country: "Germany", label: "incl. VAT (19%)", exempt: false },
      { country: "Belgium", label: "VAT 0%", exempt: true, vatNumber: "BE0411905847" },
      { country: "Switzerland", label: "VAT 0%", exempt: true },
      { country: "France", label: "incl. VAT (20%)", exempt: false },
    ];
    for (const c of cases) {
      const { order, invoice, publicOrder } = await buy(t, {
        country: c.country,
        items: [{ id: board, price: 600, quantity: 1 }],
        ...(c.vatNumber ? { business: { companyName: "ACME SA", vatNumber: c.vatNumber } } : {}),
      });
      const vat = formatMoney(invoice.vat[0].vatCents);
      const total = formatMoney(invoice.totalCents);
      const statement = `${c.label}: ${vat}`;
      assertEquals(order.totalCents, invoice.totalCents, c.country);
      assertEquals(publicOrder.vat, invoice.vat[0].vatCents / 100, `${c.country}: the API`);

      const mail = (await t.services.outbox.list()).find((m) =>
        m.subject === `Your order ${order.orderNumber} is confirmed`
      )!;
      assertStringIncludes(mail.text, statement, `${c.country}: mail text`);
      assertStringIncludes(seen(mail.html!), `${c.label} ${vat}`, `${c.country}: mail HTML`);
      assertEquals(mail.text.includes("excl. VAT"), c.exempt, `${c.country}: mail text`);
      assertEquals(mail.text.includes("Prices include VAT."), !c.exempt, c.country);

      const token = await t.services.orderLinks.token(order.orderNumber);
      const buyerPage = seen(renderToString(
        <OrderStatusContent
          lang="en"
          order={order}
          documents={[invoice]}
          token={token}
          timeZone="Europe/Paris"
        />,
      ));
      assertStringIncludes(buyerPage, `${c.label} ${vat}`, `${c.country}: buyer's page`);
      assertStringIncludes(buyerPage, total);
      assertEquals(buyerPage.includes("excl. VAT"), c.exempt, `${c.country}: buyer's page`);

      const detail = await assertJsonResponse(
        await t.api.request(`/api/orders/${order.id}`, { headers: clerk.headers }),
        200,
      ) as { order: AdminOrder };
      const staffPage = seen(renderToString(
        <OrderDetail order={detail.order} history={[]} timeZone="Europe/Paris" />,
      ));
      assertStringIncludes(staffPage, `${c.label} ${vat}`, `${c.country}: staff page`);

      // The invoice is in French: its amounts in French format ("97,79 €").
      const pdf = squeeze(await pdfText(t, clerk.headers, invoice.number));
      assertStringIncludes(pdf, squeeze(frenchMoney(invoice.vat[0].vatCents, "fr")), c.country);
      assertStringIncludes(pdf, squeeze(frenchMoney(invoice.totalCents, "fr")), c.country);
      if (c.exempt) assertStringIncludes(pdf, squeeze(invoice.mention!));
    }

    // The CSV rows of the period are the documents', and the returns sum them to the cent.
    const get = async (path: string) =>
      await (await t.api.request(path, { headers: clerk.headers })).text();
    const invoiceRows = rows(await get("/api/invoices/export.csv"));
    const docs = await Array.fromAsync(t.services.invoiceDesk.each({}));
    assertEquals(invoiceRows.length, docs.length);
    for (const d of docs) {
      const row = invoiceRows.find((r) => r[0] === d.number)!;
      assertEquals(
        [cents(row[11]), cents(row[14]), cents(row[15]), row[13]],
        [d.vat[0].netCents, d.vat[0].vatCents, d.vat[0].grossCents, d.vat[0].category],
        d.number,
      );
    }
    const oss = rows(await get("/api/invoices/oss.csv"));
    assertEquals(oss.map((r) => [r[2], r[3]]), [["DE", "19"]]);
    const germany = docs.filter((d) => d.tax.taxCountry === "DE");
    assertEquals(cents(oss[0][4]), germany.reduce((n, d) => n + d.vat[0].netCents, 0));
    assertEquals(cents(oss[0][5]), germany.reduce((n, d) => n + d.vat[0].vatCents, 0));
    const ec = rows(await get("/api/invoices/ec-sales-list.csv"));
    const belgian = docs.filter((d) => d.tax.category === "K");
    assertEquals(ec.map((r) => [r[1], r[2], cents(r[3])]), [[
      "BE",
      "BE0411905847",
      belgian.reduce((n, d) => n + d.vat[0].netCents, 0),
    ]]);
  }, { oss: true }));

Deno.test("[api] a French buyer reads the same VAT in French: mail, order page, invoice", () =>
  withVies(async (t) => {
    const board = (await productByName(t.services, "Vectra DSP Board")).id;
    for (
      const [country, label, total] of [
        ["Switzerland", "TVA 0\u00a0%", "Total HT"],
        ["Germany", "dont TVA (19\u00a0%)", "Total TTC"],
      ]
    ) {
      const { order, invoice } = await buy(t, {
        country,
        items: [{ id: board, price: 600, quantity: 1 }],
        locale: "fr",
      });
      const vat = frenchMoney(invoice.vat[0].vatCents, "fr");
      const mail = (await t.services.outbox.list()).find((m) =>
        m.to === order.customer.email &&
        m.subject.includes(order.orderNumber)
      )!;
      assertStringIncludes(mail.text, `${label}\u00a0: ${vat}`, country);
      const token = await t.services.orderLinks.token(order.orderNumber);
      const page = seen(renderToString(
        <OrderStatusContent
          lang="fr"
          order={order}
          documents={[invoice]}
          token={token}
          timeZone="Europe/Paris"
        />,
      ));
      assertStringIncludes(squeeze(page), squeeze(`${label} ${vat}`), country);
      assertStringIncludes(page, total, country);
    }
  }, { oss: true }));

Deno.test("[api] credit notes: an exempt invoice's keeps its category and mention, and the returns deduct them", () =>
  withVies(async (t, vies) => {
    vies.registered.set("BE0411905847", "ACME SA");
    const clerk = await loginAs(t, "admin");
    const board = (await productByName(t.services, "Vectra DSP Board")).id;
    const sale = (country: string, vatNumber?: string) =>
      buy(t, {
        country,
        items: [{ id: board, price: 600, quantity: 1 }],
        ...(vatNumber ? { business: { companyName: "ACME SA", vatNumber } } : {}),
      });
    const kept = await sale("Belgium", "BE0411905847");
    const cancelled = await sale("Belgium", "BE0411905847");
    const german = await sale("Germany");
    const germanCancelled = await sale("Germany");
    for (const o of [cancelled.order, germanCancelled.order]) {
      const res = await t.api.request(
        `/api/orders/${o.id}/status`,
        // Paid online: refunded with the cancellation (a cancellation alone issues no credit note).
        jsonRequest("PUT", { status: "cancelled", refund: true }, clerk.headers),
      );
      await assertJsonResponse(res, 200);
    }
    const [, credit] = await t.services.invoices.ofOrder(cancelled.order.id);
    assertEquals(
      [credit.kind, credit.vat[0].category, credit.mention, credit.vat[0].exemptionText],
      ["credit_note", "K", kept.invoice.mention, kept.invoice.mention],
    );
    assertEquals(credit.buyer.vatNumber, "BE0411905847");
    const get = async (path: string) =>
      rows(await (await t.api.request(path, { headers: clerk.headers })).text());
    assertEquals((await get("/api/invoices/ec-sales-list.csv")).map((r) => cents(r[3])), [
      kept.invoice.vat[0].netCents,
    ]);
    assertEquals((await get("/api/invoices/oss.csv")).map((r) => [r[2], cents(r[4])]), [
      ["DE", german.invoice.vat[0].netCents],
    ]);
    assert(german.invoice.vat[0].rateBp === 1900);
  }, { oss: true }));
