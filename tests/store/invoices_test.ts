import {
  documentAmounts,
  type InvoiceDocument,
  parseInvoiceDocument,
} from "../../src/domain/invoice.ts";
import { taxTotals } from "../../src/domain/tax-reports.ts";
import { legacyOrderDecision, vatGroup } from "../../src/domain/tax.ts";
import { ORDER_INVOICED_MESSAGE } from "../../src/store/invoices.ts";
import { assert, assertEquals, assertRejects } from "../_lib/assert.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { withServices } from "../_lib/services.ts";

const paidOrder = (email: string, country = "France", paymentStatus: "paid" | "pending" = "paid") =>
  sketchOrder({
    at: new Date().toISOString(),
    email,
    country,
    lines: [{ id: "p1", title: "Board", priceCents: 12_990, quantity: 2 }, {
      id: "p2",
      title: "Probe",
      priceCents: 1_999,
      quantity: 1,
    }],
    feeCents: 1_500,
    paymentStatus,
  });

Deno.test("[unit] invoice amounts: lines and shipping are the total, their nets the VAT group's net; totals per category and rate", () => {
  const order = paidOrder("a@example.com");
  const fr = legacyOrderDecision("FR", "2026-01-10");
  const inv = documentAmounts("invoice", order, order.totalCents, fr);
  assertEquals(
    inv.lines.reduce((n, l) => n + l.totalCents, 0) + inv.shippingCents,
    inv.totalCents,
  );
  assertEquals(
    inv.lines.reduce((n, l) => n + l.netCents, 0) + inv.shippingNetCents,
    inv.vat[0].netCents,
  );
  assertEquals(inv.lines.map((l) => [l.category, l.rateBp]), [["S", 2000], ["S", 2000]]);
  const exported = legacyOrderDecision("TN", "2026-01-10");
  const totals = taxTotals([
    { kind: "invoice", vat: inv.vat, tax: fr },
    { kind: "invoice", vat: [vatGroup(5_000, exported)], tax: exported },
    { kind: "credit_note", vat: [vatGroup(1_200, fr)], tax: fr },
  ]);
  assertEquals(totals.map((t) => [t.scheme, t.category, t.rateBp, t.grossCents]), [
    ["domestic", "S", 2000, order.totalCents - 1_200],
    ["export", "G", 0, 5_000],
  ]);
});

Deno.test("[unit] an invoice issued before the tax decision reads with the decision it stood for", () => {
  const v1 = {
    schemaVersion: 1,
    kind: "invoice",
    number: "F2026-000001",
    issuedAt: "2026-03-01T10:00:00.000Z",
    orderId: "o1",
    orderNumber: "ORD-000001",
    refersTo: null,
    seller: {
      legalName: "S",
      address: "A",
      siren: "1",
      siret: "2",
      vatNumber: "FR1",
      rcs: "R",
      shareCapital: "C",
      contact: "c",
    },
    buyer: { name: "Ada", email: "a@example.com", phone: "" },
    address: { address: "1", city: "Tunis", state: "", zipCode: "1000", country: "Tunisia" },
    countryCode: "TN",
    lines: [{ title: "Board", quantity: 1, unitCents: 60_000, totalCents: 60_000 }],
    shippingCents: 1_500,
    totalCents: 61_500,
    vat: [{ rateBp: 0, netCents: 61_500, vatCents: 0, grossCents: 61_500 }],
    mention: "Exonération de TVA, article 262 I du CGI (export hors UE)",
    paymentMethod: "online",
    currency: "EUR",
  };
  const doc: InvoiceDocument = parseInvoiceDocument(v1);
  assertEquals([doc.tax.category, doc.tax.exemptionReason, doc.vat[0].vatCents], [
    "G",
    "VATEX-EU-G",
    0,
  ]);
  assertEquals(doc.lines[0].netCents + doc.shippingNetCents, 61_500);
  assertEquals(doc.billingAddress, doc.address);
  assertEquals(doc.buyer.vatNumber, null);
});

Deno.test("[store] invoices: a paid order gets F<year>-000001 in its own commit; 60 racing payments get 60 consecutive numbers", () =>
  withServices(async (t) => {
    const year = new Date().toLocaleString("en-CA", { timeZone: "Europe/Paris" }).slice(0, 4);
    const pending = await t.services.orders.create(
      paidOrder("late@example.com", "France", "pending"),
    );
    assertEquals(await t.services.invoices.ofOrder(pending.id), [], "no invoice before payment");
    const orders = await Promise.all(
      Array.from(
        { length: 60 },
        (_, i) => t.services.orders.create(paidOrder(`b${i}@example.com`)),
      ),
    );
    const numbers: string[] = [];
    for (const o of orders) {
      const docs = await t.services.invoices.ofOrder(o.id);
      assertEquals(docs.length, 1);
      assertEquals(docs[0].totalCents, o.totalCents);
      numbers.push(docs[0].number);
    }
    assertEquals(
      numbers.sort(),
      Array.from({ length: 60 }, (_, i) => `F${year}-${String(i + 1).padStart(6, "0")}`),
      "gapless, no duplicate",
    );
    // The pending order paid later gets the next number.
    const paid = await t.services.orders.update(
      pending.id,
      (o) => ({ ...o, paymentStatus: "paid" }),
    );
    assertEquals((await t.services.invoices.ofOrder(paid.id))[0].number, `F${year}-000061`);
  }));

Deno.test("[store] credit notes: a refund or a cancellation after invoicing; an invoiced order cannot be deleted", () =>
  withServices(async (t) => {
    const o = await t.services.orders.create(paidOrder("c@example.com", "Tunisia"));
    const [invoice] = await t.services.invoices.ofOrder(o.id);
    assertEquals(invoice.vat[0].rateBp, 0, "export: no VAT");
    assert(invoice.mention?.includes("262 I"));
    await assertRejects(() => t.services.orders.remove(o.id), Error, ORDER_INVOICED_MESSAGE);

    const refunded = await t.services.orders.update(o.id, (x) => ({
      ...x,
      paymentStatus: "refunded",
      refund: { at: new Date().toISOString(), amountCents: 5_000, id: "re_1" },
    }));
    let docs = await t.services.invoices.ofOrder(refunded.id);
    assertEquals(docs.map((d) => [d.kind, d.totalCents, d.refersTo]), [
      ["invoice", o.totalCents, null],
      ["credit_note", 5_000, invoice.number],
    ]);
    assert(docs[1].number.startsWith("A"), docs[1].number);
    // A cancellation returns no money: no credit note for what the shop kept.
    await t.services.orders.update(o.id, (x) => ({ ...x, status: "cancelled" }));
    docs = await t.services.invoices.ofOrder(o.id);
    assertEquals(docs.map((d) => d.totalCents), [o.totalCents, 5_000]);
    // A change that moves no money issues nothing.
    await t.services.orders.update(o.id, (x) => ({ ...x, notes: [] }));
    assertEquals((await t.services.invoices.ofOrder(o.id)).length, 2);

    const fr = await t.services.orders.create(paidOrder("d@example.com", "France"));
    const [frInvoice] = await t.services.invoices.ofOrder(fr.id);
    assertEquals(frInvoice.vat, [vatGroup(fr.totalCents, frInvoice.tax)]);
    assertEquals([frInvoice.tax.category, frInvoice.vat[0].rateBp], ["S", 2000]);
  }));
