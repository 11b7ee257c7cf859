import fc from "fast-check";
import {
  documentAmounts,
  parseVatTable,
  splitGross,
  totalsByRate,
  vatRuleFor,
} from "../../src/domain/invoice.ts";
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

Deno.test("[unit] VAT: net + VAT = gross to the cent for any amounts and rates; per-rate totals add up", () => {
  fc.assert(fc.property(
    fc.array(
      fc.tuple(fc.integer({ min: 1, max: 5_000_000 }), fc.constantFrom(0, 550, 1000, 2000, 2100)),
    ),
    (docs) => {
      for (const [gross, rate] of docs) {
        const v = splitGross(gross, rate);
        assertEquals(v.netCents + v.vatCents, gross);
        assert(v.vatCents >= 0 && v.netCents >= 0);
        // The VAT is the rate of the net, within the half cent the net was rounded by.
        assert(
          Math.abs(v.vatCents - (v.netCents * rate) / 10_000) <= 0.5 * (1 + rate / 10_000) + 1e-9,
        );
      }
      const totals = totalsByRate(docs.map(([gross, rate]) => ({
        kind: "invoice",
        vat: [splitGross(gross, rate)],
      })) as never);
      assertEquals(
        totals.reduce((n, t) => n + t.grossCents, 0),
        docs.reduce((n, [g]) => n + g, 0),
      );
    },
  ));
  // An invoice's lines and shipping are its total.
  const order = paidOrder("a@example.com");
  const inv = documentAmounts("invoice", order, order.totalCents, 2000);
  assertEquals(
    inv.lines.reduce((n, l) => n + l.totalCents, 0) + inv.shippingCents,
    inv.totalCents,
  );
});

Deno.test("[unit] VAT table: 20% in the EU, 0% with the export mention outside, overrides", () => {
  const t = parseVatTable(undefined);
  assertEquals(vatRuleFor("DE", t), { rateBp: 2000, mention: null });
  assertEquals(vatRuleFor("TN", t).rateBp, 0);
  assert(vatRuleFor("TN", t).mention?.includes("262 I du CGI"));
  const custom = parseVatTable("EU=20, EXPORT=0, de=19, MC=5.5");
  assertEquals(vatRuleFor("DE", custom).rateBp, 1900);
  assertEquals(vatRuleFor("MC", custom).rateBp, 550);
  for (const bad of ["EU", "EU=abc", "XYZ=5", "EU=20;FR=20"]) {
    let threw = false;
    try {
      parseVatTable(bad);
    } catch {
      threw = true;
    }
    assert(threw, bad);
  }
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
    assertEquals(frInvoice.vat, [splitGross(fr.totalCents, 2000)]);
  }));
