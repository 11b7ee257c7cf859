import fc from "fast-check";
import { toCii } from "../../src/domain/cii.ts";
import { parseSellerAddress, toEInvoice } from "../../src/domain/en16931.ts";
import { documentAmounts, type InvoiceDocument } from "../../src/domain/invoice.ts";
import { legacyDecision } from "../../src/domain/tax.ts";
import { toUbl } from "../../src/domain/ubl.ts";
import { el, leaf } from "../../src/domain/xml.ts";
import { assert, assertEquals } from "../_lib/assert.ts";

const ADDRESS = {
  address: "1 Rue X",
  city: "Lyon",
  state: "",
  zipCode: "69001",
  country: "France",
};

/** An issued invoice of `items` under a decision (today's French 20% unless told). */
function snapshot(
  over: Partial<InvoiceDocument> = {},
  items = [{ title: "Board", quantity: 3, priceCents: 1_999 }],
  shippingFeeCents = 990,
  tax = legacyDecision("FR", 2000, "2027-01-01"),
): InvoiceDocument {
  const totalCents = items.reduce((n, l) => n + l.priceCents * l.quantity, shippingFeeCents);
  return {
    schemaVersion: 2,
    kind: "invoice",
    number: "F2026-000042",
    issuedAt: "2026-12-31T23:30:00.000Z",
    issueDate: "2027-01-01",
    orderId: "o1",
    orderNumber: "ORD-42",
    refersTo: null,
    seller: {
      legalName: "Vectra SAS",
      address: "12 rue des Lois;Bâtiment B;31000 Toulouse;France",
      siren: "123456789",
      siret: "12345678900012",
      vatNumber: "FR40123456789",
      rcs: "Toulouse B 123 456 789",
      shareCapital: "10 000 €",
      contact: "c@example.com",
    },
    vatOnDebits: false,
    buyer: {
      name: "Ada <Lovelace> & Co",
      email: "ada@example.com",
      phone: "",
      company: null,
      vatNumber: null,
      siren: null,
      purchaseOrder: null,
    },
    address: ADDRESS,
    billingAddress: ADDRESS,
    countryCode: tax.destination,
    ...documentAmounts("invoice", { items, shippingFeeCents, totalCents }, totalCents, tax),
    tax,
    mention: tax.mention,
    paymentMethod: "online",
    currency: "EUR",
    ...over,
  };
}

Deno.test("[unit] EN 16931 model: the lines' nets add up to each rate's taxable amount, and net + VAT = the gross paid, for any cart and rate", () => {
  fc.assert(fc.property(
    fc.array(
      fc.record({
        unit: fc.integer({ min: 1, max: 500_000 }),
        qty: fc.integer({ min: 1, max: 40 }),
      }),
      {
        minLength: 1,
        maxLength: 8,
      },
    ),
    fc.integer({ min: 0, max: 5_000 }),
    fc.constantFrom(0, 550, 1000, 1900, 2000, 2100, 2550, 2700),
    (items, shipping, rateBp) => {
      const lines = items.map((l, i) => ({ title: `L${i}`, quantity: l.qty, priceCents: l.unit }));
      const total = lines.reduce((n, l) => n + l.priceCents * l.quantity, shipping);
      const tax = legacyDecision(rateBp ? "FR" : "US", rateBp, "2026-06-01");
      const inv = toEInvoice(snapshot({}, lines, shipping, tax));
      const nets = inv.lines.reduce((n, l) => n + l.netCents, 0);
      assertEquals(nets, inv.vat[0].taxableCents);
      assertEquals(inv.totals.lineNetCents + inv.totals.vatCents, total);
      assertEquals(inv.totals.grossCents, total);
      assertEquals(inv.totals.dueCents, 0);
      for (const l of inv.lines) assertEquals(l.netUnitCents * l.quantity, l.netCents);
    },
  ));
});

/** Each line of a CII or UBL as written: [unit price, quantity, line amount], in cents. */
function writtenLines(xml: string, price: string, qty: string, line: string) {
  const cents = (v: string) => Math.round(Number(v) * 100);
  const values = (tag: string) =>
    [...xml.matchAll(new RegExp(`<${tag}\\b[^>]*>([^<]*)</${tag}>`, "g"))].map((m) => m[1]);
  const [prices, quantities, amounts] = [values(price), values(qty), values(line)];
  return prices.map((p, i) => {
    assert(/^-?\d+\.\d{2}$/.test(p) && /^-?\d+\.\d{2}$/.test(amounts[i]), `${p} ${amounts[i]}`);
    return [cents(p), Number(quantities[i]), cents(amounts[i])];
  });
}

Deno.test("[unit] unit price x quantity = the line's net on every line, as written in the CII and the UBL, for any price, quantity and rate (a board at 59.00 x 3: 2 x 49.17 + 1 x 49.16)", () => {
  const board = toEInvoice(snapshot({}, [{ title: "Board", quantity: 3, priceCents: 5_900 }], 0));
  assertEquals(board.lines.map((l) => [l.name, l.quantity, l.netUnitCents, l.netCents]), [
    ["Board", 2, 4_917, 9_834],
    ["Board", 1, 4_916, 4_916],
  ]);
  fc.assert(fc.property(
    fc.array(
      fc.record({
        unit: fc.integer({ min: 1, max: 500_000 }),
        qty: fc.integer({ min: 1, max: 10_000 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    fc.integer({ min: 0, max: 5_000 }),
    fc.constantFrom(0, 550, 1900, 2000, 2100, 2550, 2700),
    fc.boolean(),
    (items, shipping, rateBp, credit) => {
      const lines = items.map((l, i) => ({ title: `L${i}`, quantity: l.qty, priceCents: l.unit }));
      const tax = legacyDecision(rateBp ? "FR" : "US", rateBp, "2027-01-01");
      const doc = snapshot(
        credit ? { kind: "credit_note", refersTo: "F1" } : {},
        lines,
        shipping,
        tax,
      );
      const inv = toEInvoice(doc);
      for (const l of inv.lines) assertEquals(l.netUnitCents * l.quantity, l.netCents, l.name);
      // Every unit sold is on the document, and the lines still add up to the taxable amount.
      for (const [i, l] of doc.lines.entries()) {
        const of = inv.lines.filter((x) => x.name === `L${i}`);
        assertEquals(of.reduce((n, x) => n + x.quantity, 0), l.quantity);
        assertEquals(of.reduce((n, x) => n + x.netCents, 0), l.netCents);
      }
      assertEquals(inv.lines.reduce((n, l) => n + l.netCents, 0), inv.vat[0].taxableCents);
      const cii = writtenLines(
        toCii(inv),
        "ram:ChargeAmount",
        "ram:BilledQuantity",
        "ram:LineTotalAmount",
      )
        .slice(0, inv.lines.length);
      const ublXml = toUbl(inv);
      const ubl = writtenLines(
        // The lines, after the document's totals.
        ublXml.slice(ublXml.indexOf(credit ? "<cac:CreditNoteLine>" : "<cac:InvoiceLine>")),
        "cbc:PriceAmount",
        credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity",
        "cbc:LineExtensionAmount",
      );
      for (const written of [cii, ubl]) {
        assertEquals(written.length, inv.lines.length);
        for (const [unit, qty, net] of written) assertEquals(unit * qty, net);
      }
    },
  ));
});

Deno.test("[unit] the day of supply: a sale dated 15 October and invoiced on 27 November states it (BT-72) in the CII and the UBL; a sale invoiced on its day states none", () => {
  const backDated = legacyDecision("FR", 2000, "2026-10-15");
  const inv = toEInvoice(snapshot({ issueDate: "2026-11-27" }, undefined, 990, backDated));
  assertEquals(inv.deliveryDate, "2026-10-15");
  const cii = toCii(inv);
  assert(
    cii.includes(
      '<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20261015</udt:DateTimeString>',
    ),
    cii,
  );
  assert(toUbl(inv).includes("<cbc:ActualDeliveryDate>2026-10-15</cbc:ActualDeliveryDate>"));
  const sameDay = toEInvoice(snapshot());
  assertEquals(sameDay.deliveryDate, null);
  assert(!toCii(sameDay).includes("ActualDelivery") && !toUbl(sameDay).includes("ActualDelivery"));
});

Deno.test("[unit] the issue date is the shop's day: 00:30 in Paris on 1 January is 1 January", () => {
  const inv = toEInvoice(snapshot());
  assertEquals(inv.issueDate, "2027-01-01");
  assert(toCii(inv).includes('<udt:DateTimeString format="102">20270101</udt:DateTimeString>'));
  assert(toUbl(inv).includes("<cbc:IssueDate>2027-01-01</cbc:IssueDate>"));
});

Deno.test("[unit] the issue date is the one issued and stored, whatever the time zone says of the timestamp today", () => {
  // Issued at 23:30 UTC on 31 December while the shop's day was London's; read under Paris.
  const inv = toEInvoice(snapshot({ issueDate: "2026-12-31" }));
  assertEquals(inv.issueDate, "2026-12-31");
  assert(toCii(inv).includes('<udt:DateTimeString format="102">20261231</udt:DateTimeString>'));
  assert(toUbl(inv).includes("<cbc:IssueDate>2026-12-31</cbc:IssueDate>"));
});

Deno.test("[unit] the seller's address lines: street lines, postcode and city, France", () => {
  assertEquals(parseSellerAddress("12 rue des Lois;Bâtiment B;31000 Toulouse;France"), {
    lines: ["12 rue des Lois", "Bâtiment B"],
    city: "Toulouse",
    postcode: "31000",
    region: "",
    countryCode: "FR",
  });
  assertEquals(parseSellerAddress("[SET SELLER_ADDRESS]").city, "[SET SELLER_ADDRESS]");
});

Deno.test("[unit] XML: text and attributes escaped, absent values left out, control characters dropped", () => {
  assertEquals(
    el("a", { x: 'q"<', y: null }, leaf("b", "1 < 2 & 3"), leaf("c", null), leaf("d", "")),
    '<a x="q&quot;&lt;"><b>1 &lt; 2 &amp; 3</b></a>',
  );
  assertEquals(leaf("e", "bell\u0007"), "<e>bell</e>");
  assertEquals(el("empty", { x: "1" }, leaf("f", null)), "");
  const cii = toCii(toEInvoice(snapshot()));
  assert(cii.includes("<ram:Name>Ada &lt;Lovelace&gt; &amp; Co</ram:Name>"), cii);
});

Deno.test("[unit] a credit note is 381 and refers to its invoice and its date; a consumer's documents carry no late-payment note; the VAT-on-debits option when set", () => {
  const credit = toEInvoice(
    snapshot({
      kind: "credit_note",
      number: "A2026-000001",
      refersTo: "F2026-000042",
      refersToDate: "2026-03-04",
      vatOnDebits: true,
    }),
  );
  assertEquals(credit.typeCode, "381");
  assertEquals(credit.precedingInvoice, "F2026-000042");
  assertEquals(credit.notes.map((n) => n.subject), ["AAI", "TXD"]);
  const cii = toCii(credit);
  assert(
    cii.includes(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>F2026-000042</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20260304</qdt:DateTimeString>',
    ),
    cii,
  );
  assert(cii.includes("d’après les débits"), cii);
  const ubl = toUbl(credit);
  assert(ubl.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<CreditNote'), ubl);
  assert(ubl.includes("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"), ubl);
  assert(ubl.includes("<cac:CreditNoteLine>"), ubl);
  assert(
    ubl.includes("<cbc:ID>F2026-000042</cbc:ID><cbc:IssueDate>2026-03-04</cbc:IssueDate>"),
    ubl,
  );
  const invoice = toEInvoice(snapshot());
  assertEquals(invoice.notes.map((n) => n.subject), ["AAI"]);
});

Deno.test("[unit] the French rules' terms: BT-23 B1 (goods), the seller's directory address (BT-34, scheme 0225: its SIREN or SELLER_EINVOICE_ADDRESS), a French company's SIREN as its address, and the L441-9 notes PMD, PMT, AAB on a business buyer's invoice and credit note", () => {
  const company = {
    name: "Claire Martin",
    email: "claire@example.com",
    phone: "",
    company: "Lyon Motion SAS",
    vatNumber: "FR40303265045",
    siren: "303265045",
    purchaseOrder: "BC-881",
  };
  for (const kind of ["invoice", "credit_note"] as const) {
    const inv = toEInvoice(snapshot({ kind, buyer: company, refersTo: null }));
    assertEquals(inv.notes.map((n) => n.subject), ["AAI", "PMD", "PMT", "AAB"]);
    const cii = toCii(inv);
    assert(
      cii.includes(
        "<rsm:ExchangedDocumentContext><ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>B1</ram:ID>",
      ),
      cii,
    );
    assert(cii.includes('<ram:URIID schemeID="0225">123456789</ram:URIID>'), cii);
    assert(cii.includes('<ram:URIID schemeID="0225">303265045</ram:URIID>'), cii);
    const ubl = toUbl(inv);
    assert(ubl.includes("<cbc:ProfileID>B1</cbc:ProfileID>"), ubl);
    assert(ubl.includes('<cbc:EndpointID schemeID="0225">123456789</cbc:EndpointID>'), ubl);
    assert(ubl.includes('<cbc:EndpointID schemeID="0225">303265045</cbc:EndpointID>'), ubl);
    assert(ubl.includes("<cbc:Note>#PMT#Indemnité forfaitaire"), ubl);
  }
  const routed = toEInvoice(snapshot({ sellerEndpoint: "123456789_FACTURES" }));
  assertEquals(routed.seller.endpoint, { id: "123456789_FACTURES", scheme: "0225" });
  // A consumer is reached at its email.
  assertEquals(toEInvoice(snapshot()).buyer.endpoint, { id: "ada@example.com", scheme: "EM" });
});
