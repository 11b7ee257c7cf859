import type { InvoiceDocument } from "../../src/domain/invoice.ts";
import type { Business, NewOrder, Order } from "../../src/domain/order.ts";
import { chargedPrice, decideTax, type OssState, type TaxBuyer } from "../../src/domain/tax.ts";
import { shopDay } from "../../src/domain/shop-time.ts";
import { RETURN_SCHEME_TEXT, type ReturnScheme } from "../../src/domain/return-schemes.ts";
import { formatMoney } from "../../src/i18n/format.ts";
import { orderReference } from "../../src/domain/order-account.ts";
import { addDays } from "../../src/domain/payment-terms.ts";
import { formatRfReference } from "../../src/domain/rf-reference.ts";
import { toEInvoice } from "../../src/domain/en16931.ts";
import { frenchDate, frenchRate, frenchSiren } from "../../src/services/invoice-pdf.ts";
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { checkEn16931, en16931Ignore, type Report } from "../_lib/en16931.ts";
import { BR_FR_VERSION, brFrMissing, checkBrFr } from "../_lib/br-fr.ts";
import { jsonRequest, testConfig, type TestContext, withServices } from "../_lib/services.ts";
import { TEST_SELLER as SELLER } from "../_lib/seller.ts";

/**
 * Every invoice and credit note is a Factur-X (PDF/A-3b, EN 16931) with its UBL beside: for each
 * kind of sale, the documents the shop serves pass the official checks (the CII D16B and UBL 2.1
 * schemas, the Commission's EN 16931 rules), carry `factur-x.xml` and the PDF/A and Factur-X
 * metadata, and say on the page what their XML says and what the order says.
 */

interface Sale {
  name: string;
  first: string;
  last: string;
  country: string;
  code: string;
  city: string;
  zip: string;
  buyer: TaxBuyer;
  oss: OssState;
  business?: Business;
  /** Where the invoice goes, when not to the delivery address. */
  billing?: { address: string; city: string; zipCode: string };
  /** What the XML's VAT breakdown says: category and rate. */
  category: string;
  rate: string;
}

const consumer: TaxBuyer = { kind: "consumer" };
const under: OssState = { registered: false, crossed: false, yearNetCents: 0 };
const registered: OssState = { registered: true };
const today = new Date().toISOString().slice(0, 10);
const viesOk = (vatNumber: string): TaxBuyer => ({
  kind: "business",
  vatNumber,
  check: {
    vatNumber,
    status: "valid",
    consultationNumber: "WAPIAAAAZ",
    name: null,
    checkedAt: today,
  },
});

/** The tax matrix (issue 26): the buyers' names in their own letters. */
const SALES: Sale[] = [
  {
    name: "consumer-fr",
    first: "Amélie",
    last: "Poulain",
    country: "France",
    code: "FR",
    city: "Paris",
    zip: "75018",
    buyer: consumer,
    oss: under,
    category: "S",
    rate: "20",
  },
  {
    name: "consumer-pl-french-rate",
    first: "Łukasz",
    last: "Wiśniewski",
    country: "Poland",
    code: "PL",
    city: "Kraków",
    zip: "30-001",
    buyer: consumer,
    oss: under,
    category: "S",
    rate: "20",
  },
  {
    name: "oss-de",
    first: "Jürgen",
    last: "Groß",
    country: "Germany",
    code: "DE",
    city: "München",
    zip: "80331",
    buyer: consumer,
    oss: registered,
    category: "S",
    rate: "19",
  },
  {
    name: "oss-cz",
    first: "Jiří",
    last: "Dvořák",
    country: "Czechia",
    code: "CZ",
    city: "Brno",
    zip: "602 00",
    buyer: consumer,
    oss: registered,
    category: "S",
    rate: "21",
  },
  {
    name: "oss-gr",
    first: "Ελένη",
    last: "Παπαδοπούλου",
    country: "Greece",
    code: "GR",
    city: "Αθήνα",
    zip: "105 57",
    buyer: consumer,
    oss: registered,
    category: "S",
    rate: "24",
  },
  {
    name: "business-be",
    first: "Jan",
    last: "Peeters",
    country: "Belgium",
    code: "BE",
    city: "Bruxelles",
    zip: "1050",
    buyer: viesOk("BE0411905847"),
    oss: under,
    business: {
      companyName: "Brussels Robotics SRL",
      vatNumber: "BE0411905847",
      purchaseOrder: "PO-2026-17",
    },
    billing: { address: "Rue de la Loi 16", city: "Bruxelles", zipCode: "1000" },
    category: "K",
    rate: "0",
  },
  {
    name: "company-fr",
    first: "Claire",
    last: "Martin",
    country: "France",
    code: "FR",
    city: "Lyon",
    zip: "69002",
    buyer: { kind: "business", vatNumber: "FR40303265045", check: null },
    oss: under,
    business: {
      companyName: "Lyon Motion SAS",
      vatNumber: "FR40303265045",
      siren: "303265045",
      purchaseOrder: "BC-881",
    },
    category: "S",
    rate: "20",
  },
  {
    name: "export-ch",
    first: "Zoë",
    last: "Müller",
    country: "Switzerland",
    code: "CH",
    city: "Zürich",
    zip: "8001",
    buyer: { kind: "business", vatNumber: null, check: null },
    oss: under,
    // A Swiss UID beside a SIREN: the buyer's identifier (BT-46), the SIREN its BT-47.
    business: { companyName: "Zürich Antriebe AG", vatNumber: "CHE116281710", siren: "732829320" },
    category: "G",
    rate: "0",
  },
  {
    name: "export-us",
    first: "Ada",
    last: "Lovelace",
    country: "United States",
    code: "US",
    city: "Boston",
    zip: "02110",
    buyer: { kind: "business", vatNumber: null, check: null },
    oss: under,
    // A US EIN (12-3456789 as typed): a tax id, never the buyer's VAT identifier (BT-48).
    business: { companyName: "Analytical Engines Inc.", vatNumber: "987654321" },
    category: "G",
    rate: "0",
  },
]; // deno-fmt-ignore

const SHELF = [
  { id: "p", title: "Vectra DSP board", shelf: 60_000, quantity: 1 },
  { id: "q", title: "Isolated probe", shelf: 1_999, quantity: 3 },
];
const SHIPPING = 1_490;

/** An order as checkout records it: its tax decision, and prices as charged under it. */
function order(s: Sale, i: number): NewOrder {
  const tax = decideTax({
    destination: s.code,
    taxPoint: today,
    buyer: s.buyer,
    oss: s.oss,
    shelfCents: SHELF.reduce((n, l) => n + l.shelf * l.quantity, SHIPPING),
  });
  const items = SHELF.map((l) => ({
    id: l.id,
    title: l.title,
    priceCents: chargedPrice(l.shelf, tax),
    quantity: l.quantity,
    image: "",
  }));
  const subtotalCents = items.reduce((n, l) => n + l.priceCents * l.quantity, 0);
  const shippingFeeCents = chargedPrice(SHIPPING, tax);
  const address = {
    address: `${i + 1} Hauptstraße`,
    city: s.city,
    state: "",
    zipCode: s.zip,
    country: s.country,
  };
  return {
    customer: { firstName: s.first, lastName: s.last, email: `buyer${i}@example.com`, phone: "" },
    shippingAddress: address,
    ...(s.billing ? { billingAddress: { ...address, ...s.billing } } : {}),
    ...(s.business ? { business: s.business } : {}),
    tax,
    items,
    subtotalCents,
    shippingFeeCents,
    totalCents: subtotalCents + shippingFeeCents,
    currency: "EUR",
    paymentMethod: "online",
    paymentStatus: "paid",
    status: "processing",
    shippingCountry: s.country,
    shippingFeeDetails: { country: s.country, feeCents: shippingFeeCents, currency: "EUR" },
    createdAt: new Date().toISOString(),
  };
}

async function run(cmd: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  if (out.code !== 0) {
    throw new Error(`${cmd} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
  return new TextDecoder().decode(out.stdout);
}

interface Served {
  doc: InvoiceDocument;
  order: Order;
  pdf: Uint8Array;
  /** factur-x.xml as pdfdetach takes it out of the PDF. */
  cii: string;
  ubl: string;
  /** The page's text (pdftotext), every run of spaces one space. */
  text: string;
  /** The XMP metadata (pdfinfo -meta). */
  meta: string;
  attachments: string;
}

const flat = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, " ");

/** A document as staff download it, read back with poppler's tools. */
async function serve(
  t: TestContext,
  who: SignedIn,
  doc: InvoiceDocument,
  order: Order,
): Promise<Served> {
  const pdfRes = await t.api.request(`/api/invoices/${doc.number}/pdf`, { headers: who.headers });
  assertEquals(pdfRes.status, 200);
  const pdf = new Uint8Array(await pdfRes.arrayBuffer());
  const ublRes = await t.api.request(`/api/invoices/${doc.number}/ubl`, { headers: who.headers });
  assertEquals(ublRes.status, 200);
  assertEquals(ublRes.headers.get("content-type"), "application/xml; charset=utf-8");
  const dir = await Deno.makeTempDir({ prefix: "facturx-" });
  try {
    const file = `${dir}/${doc.number}.pdf`;
    await Deno.writeFile(file, pdf);
    const attachments = await run("pdfdetach", ["-list", file]);
    await run("pdfdetach", ["-saveall", "-o", dir, file]);
    return {
      doc,
      order,
      pdf,
      cii: await Deno.readTextFile(`${dir}/factur-x.xml`),
      ubl: await ublRes.text(),
      text: flat(await run("pdftotext", ["-enc", "UTF-8", file, "-"])),
      meta: await run("pdfinfo", ["-meta", file]),
      attachments,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The text of every `<tag>` in an XML document (namespace prefix included in `tag`). */
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, "g"))].map((m) =>
    m[1].replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
  );
const one = (xml: string, tag: string) => {
  const found = all(xml, tag);
  assertEquals(found.length, 1, `one <${tag}>: ${found}`);
  return found[0];
};
const cents = (amount: string) => Math.round(Number(amount) * 100);

function assertClean(name: string, report: Report) {
  assertEquals(report.schemaErrors, [], `${name}: schema`);
  assertEquals(
    report.fatal.map((f) => `${f.id} ${f.text} at ${f.location}`),
    [],
    `${name}: EN 16931 fatal rules`,
  );
}

Deno.test({
  name:
    "[api] Factur-X: every sale type's invoice and credit note passes the CII/UBL schemas and the EN 16931 rules, carries factur-x.xml and PDF/A-3 metadata, and its page says what its XML and order say",
  ignore: en16931Ignore,
  fn: () =>
    withServices(async (t) => {
      const clerk = await loginAs(t, "admin");
      const served: (Served & { sale: Sale })[] = [];
      for (const [i, sale] of SALES.entries()) {
        const o = await t.services.orders.create(order(sale, i));
        const [invoice] = await t.services.invoices.ofOrder(o.id);
        served.push({ ...await serve(t, clerk, invoice, o), sale });
      }
      // Credit notes: a whole invoice given back (its lines again), a part of one (one line),
      // and the whole of an exempt intra-EU supply (its mention kept).
      const byName = (name: string) => served.find((s) => s.sale.name === name)!;
      const full = byName("consumer-pl-french-rate");
      const partial = byName("export-us");
      const exempt = byName("business-be");
      // Cancelled and refunded in full (a cancellation alone returns no money: no credit note).
      for (const s of [full, exempt]) {
        await t.services.orders.update(s.order.id, (x) => ({
          ...x,
          status: "cancelled",
          paymentStatus: "refunded",
          refund: { at: new Date().toISOString(), amountCents: x.totalCents, id: `re_${x.id}` },
        }));
      }
      await t.services.orders.update(partial.order.id, (x) => ({
        ...x,
        paymentStatus: "refunded",
        refund: { at: new Date().toISOString(), amountCents: 5_000, id: "re_1" },
      }));
      for (const s of [full, partial, exempt]) {
        const docs = await t.services.invoices.ofOrder(s.order.id);
        const credit = docs.find((d) => d.kind === "credit_note")!;
        const o = (await t.services.orders.get(s.order.id))!;
        served.push({ ...await serve(t, clerk, credit, o), sale: s.sale });
      }
      // A refund of a returned line (its credit note lists the line) and a re-invoice (the
      // invoice credited as issued, and issued again).
      const returned = byName("oss-de");
      await t.services.orders.update(returned.order.id, (x) => {
        const back = { at: new Date().toISOString(), amountCents: x.items[0].priceCents };
        return {
          ...x,
          paymentStatus: "partially_refunded",
          refund: { ...back, id: "re_2" },
          corrections: [{
            ...back,
            id: "c1",
            kind: "refund",
            creditedCents: back.amountCents,
            lines: [{ index: 0, quantity: 1 }],
            refundId: "re_2",
          }],
        };
      });
      const company = byName("company-fr");
      await t.services.orderDesk.reinvoice(
        { id: "test", email: "test@example.com", role: "system" },
        company.order.id,
        { business: company.sale.business!, billingAddress: null, reason: "new contact" },
      );
      for (const s of [returned, company]) {
        const o = (await t.services.orders.get(s.order.id))!;
        for (const d of (await t.services.invoices.ofOrder(s.order.id)).slice(1)) {
          served.push({ ...await serve(t, clerk, d, o), sale: s.sale });
        }
      }
      const [returnedCredit, reinvoiceCredit, reinvoiced] = served.slice(-3);
      assertEquals(returnedCredit.doc.lines.map((l) => [l.title, l.quantity]), [
        [returned.doc.lines[0].title, 1],
      ]);
      assertEquals(reinvoiceCredit.doc.refersTo, company.doc.number);
      assertEquals(reinvoiceCredit.doc.lines, company.doc.lines);
      assertEquals(reinvoiced.doc.kind, "invoice");

      // The official checks, all documents at once (one JVM per syntax).
      const xml: Record<string, string> = {};
      for (const s of served) {
        xml[`${s.doc.number}-${s.sale.name}-cii`] = s.cii;
        xml[`${s.doc.number}-${s.sale.name}-ubl`] = s.ubl;
      }
      const reports = await checkEn16931(xml);
      for (const [name, report] of Object.entries(reports)) assertClean(name, report);
      assertEquals(Object.keys(reports).length, 2 * (SALES.length + 6));

      for (const s of served) {
        const { doc, cii, ubl, text, meta, sale } = s;
        const where = `${doc.number} (${sale.name})`;
        // Factur-X: the attachment and the metadata a reader looks for.
        assert(/1: factur-x\.xml/.test(s.attachments), `${where}: ${s.attachments}`);
        assert(meta.includes("<pdfaid:part>3</pdfaid:part>"), `${where}: ${meta}`);
        assert(meta.includes("<pdfaid:conformance>B</pdfaid:conformance>"), where);
        assert(meta.includes("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>"), where);
        assert(meta.includes("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>"), where);

        // The XML says what the order says.
        const credit = doc.kind === "credit_note";
        const day = shopDay(Date.parse(doc.issuedAt), t.services.config.shopTimeZone);
        assertEquals(all(cii, "ram:TypeCode")[0], credit ? "381" : "380");
        // BT-23 (the billing framework, B1: goods), the guideline, then the number.
        assertEquals(all(cii, "ram:ID").slice(0, 3), ["B1", "urn:cen.eu:en16931:2017", doc.number]);
        assertEquals(all(cii, "udt:DateTimeString")[0], day.replaceAll("-", ""));
        // The document's own date first (a credit note's invoice's date comes later, BT-26).
        assertEquals(all(ubl, "cbc:IssueDate")[0], day);
        const grand = cents(one(cii, "ram:GrandTotalAmount"));
        const refunded = s.order.refund?.amountCents;
        assertEquals(grand, credit && refunded ? refunded : s.order.totalCents, where);
        assertEquals(cents(one(ubl, "cbc:TaxInclusiveAmount")), grand);
        assertEquals(cents(one(cii, "ram:DuePayableAmount")), 0);
        assertEquals(cents(one(cii, "ram:TotalPrepaidAmount")), grand);
        const person = `${s.order.customer.firstName} ${s.order.customer.lastName}`;
        const buyer = sale.business?.companyName ?? person;
        const lineCount = toEInvoice(doc).lines.length;
        assertEquals(all(cii, "ram:Name")[lineCount + 1], buyer, where);
        assert(all(ubl, "cbc:RegistrationName").includes(buyer), where);
        assert(all(cii, "ram:Name").includes(SELLER.legalName), where);
        assertEquals(all(cii, "ram:IssuerAssignedID")[0], s.order.orderNumber);
        const po = sale.business?.purchaseOrder;
        if (po) assertEquals(all(cii, "ram:IssuerAssignedID")[1], po);
        // An EU VAT number is the buyer's VAT identifier (BT-48); another tax id is not.
        const taxId = sale.business?.vatNumber;
        const euVat = taxId && /^[A-Z]{2}\d/.test(taxId) ? taxId : null;
        const vatIds = [...cii.matchAll(/<ram:ID schemeID="VA">([^<]*)</g)].map((m) => m[1]);
        assertEquals(vatIds, [SELLER.vatNumber, ...euVat ? [euVat] : []], where);
        const ublVatIds = [...ubl.matchAll(/<cac:PartyTaxScheme>\s*<cbc:CompanyID>([^<]*)</g)]
          .map((m) => m[1]);
        assertEquals(ublVatIds, [SELLER.vatNumber, ...euVat ? [euVat] : []], where);
        if (taxId && !euVat) {
          if (sale.business?.siren) {
            assert(cii.includes(`<ram:BuyerTradeParty><ram:ID>${taxId}</ram:ID>`), where);
            assert(ubl.includes(`<cac:PartyIdentification><cbc:ID>${taxId}</cbc:ID>`), where);
          } else {
            assert(
              cii.includes(`<ram:SpecifiedLegalOrganization><ram:ID>${taxId}</ram:ID>`),
              where,
            );
            assert(ubl.includes(`<cbc:CompanyID>${taxId}</cbc:CompanyID>`), where);
          }
        }
        if (sale.business?.siren) {
          assert(cii.includes(`schemeID="0002">${sale.business.siren}<`), where);
        }
        if (credit) {
          assertEquals(all(cii, "ram:IssuerAssignedID").at(-1), doc.refersTo);
        }
        // The L441-9 payment mentions are for business buyers (on their credit notes too, as the
        // French rules ask); a consumer's documents carry none.
        assertEquals(
          /Pénalités de retard/.test(text),
          sale.business !== undefined,
          `${where}: late-payment mention`,
        );
        assertEquals(all(cii, "ram:CategoryCode").at(-1), sale.category, where);
        assertEquals(all(cii, "ram:RateApplicablePercent").at(-1), sale.rate, where);
        assertEquals(all(ubl, "cbc:Percent").at(0), sale.rate, where);

        // The page says what the XML says: number, date, parties, lines, VAT per rate, total.
        const mention = doc.tax.mention;
        const expected = [
          doc.number,
          frenchDate(day),
          buyer,
          person,
          SELLER.legalName,
          `SIREN ${flat(frenchSiren(SELLER.siren))}`,
          SELLER.vatNumber,
          s.order.orderNumber,
          "Livraison de biens",
          flat(formatMoney(grand, "fr")),
          flat(formatMoney(cents(one(cii, "ram:TaxBasisTotalAmount")), "fr")),
          flat(formatMoney(cents(one(cii, "ram:TaxTotalAmount")), "fr")),
          ...all(cii, "ram:LineTotalAmount").map((a) => flat(formatMoney(cents(a), "fr"))),
          ...all(cii, "ram:ChargeAmount").map((a) => flat(formatMoney(cents(a), "fr"))),
          `TVA / VAT ${flat(frenchRate(Number(sale.rate) * 100))}`,
          ...all(cii, "ram:Name").slice(0, doc.lines.length).map((n) => n.split(" / ")[0]),
          ...mention ? [mention] : [],
          ...euVat ? [`TVA / VAT ${euVat}`] : [],
          ...taxId && !euVat ? [`Identifiant fiscal / Tax ID ${taxId}`] : [],
          ...sale.business?.siren ? [`SIREN ${flat(frenchSiren(sale.business.siren))}`] : [],
          ...po ? [po] : [],
          ...sale.billing ? [sale.billing.address] : [],
        ];
        for (const e of expected) {
          assert(text.includes(e), `${where}: the page says "${e}":\n${text}`);
        }
        // Goods: VAT is due on delivery, never on debits (art. 269 CGI).
        assert(!/d.après les débits/.test(text + cii + ubl), `${where}: no VAT on debits`);
      }
      // A credit note of the whole invoice lists its lines; a partial one says what it is; one
      // of an exempt invoice keeps its mention.
      const [fullCredit, partialCredit, exemptCredit] = served.slice(
        SALES.length,
        SALES.length + 3,
      );
      assertEquals(fullCredit.doc.lines, full.doc.lines);
      assert(partialCredit.text.includes("Remboursement partiel"), partialCredit.text);
      assert(partialCredit.text.includes(partial.doc.number), partialCredit.text);
      assert(partialCredit.text.includes("Exonération de TVA, article 262 I du CGI"));
      assert(exemptCredit.text.includes("Exonération de TVA, article 262 ter I du CGI"));
      assert(exemptCredit.cii.includes("<ram:ExemptionReasonCode>VATEX-EU-IC<"));
    }, {
      config: { seller: SELLER },
    }),
});

const IBAN = "FR7630006000011234567890189";
const BIC = "AGRIFRPP882";

Deno.test({
  name:
    "[api] Factur-X: an order on account's invoice, issued unpaid when it ships, states its due date (BT-9), terms (BT-20), SEPA transfer (58) to the seller's IBAN and BIC with its RF reference (BT-83) and the buyer's purchase order, passes the schemas and EN 16931, and its page says the same; a business card invoice carries the PMT, PMD and AAB notes",
  ignore: en16931Ignore,
  fn: () =>
    withServices(async (t) => {
      const clerk = await loginAs(t, "admin");
      const sale = SALES.find((s) => s.name === "company-fr")!;
      const reference = orderReference("ORD-000001");
      const o = await t.services.orders.create({
        ...order(sale, 0),
        paymentMethod: "transfer",
        paymentStatus: "pending",
        status: "processing",
        account: { terms: "on_terms", termsDays: 45, reference, payments: [] },
      });
      assertEquals(await t.services.invoices.ofOrder(o.id), [], "no invoice before it ships");
      await t.services.orderDesk.setStatus(
        { id: "x", email: "clerk@example.com", role: "admin" },
        o.id,
        { status: "shipped" },
      );
      const shipped = (await t.services.orders.get(o.id))!;
      const [invoice] = await t.services.invoices.ofOrder(o.id);
      const due = shipped.account!.dueDate!;
      assertEquals(due, addDays(invoice.issueDate, 45));
      const card = await t.services.orders.create(order(SALES[5], 1));
      const [cardInvoice] = await t.services.invoices.ofOrder(card.id);
      const s = await serve(t, clerk, invoice, shipped);
      const c = await serve(t, clerk, cardInvoice, card);
      const reports = await checkEn16931({
        "account-cii": s.cii,
        "account-ubl": s.ubl,
        "card-cii": c.cii,
        "card-ubl": c.ubl,
      });
      for (const [name, report] of Object.entries(reports)) assertClean(name, report);

      assertEquals(one(s.cii, "ram:PaymentReference"), reference);
      assertEquals(one(s.cii, "ram:IBANID"), IBAN);
      assertEquals(one(s.cii, "ram:BICID"), BIC);
      assertEquals(all(s.cii, "ram:TypeCode").includes("58"), true);
      assert(
        s.cii.includes(
          `<ram:DueDateDateTime><udt:DateTimeString format="102">${due.replaceAll("-", "")}<`,
        ),
      );
      assertEquals(cents(one(s.cii, "ram:DuePayableAmount")), shipped.totalCents);
      assertEquals(cents(one(s.cii, "ram:TotalPrepaidAmount")), 0);
      assertEquals(one(s.ubl, "cbc:DueDate"), due);
      assertEquals(one(s.ubl, "cbc:PaymentID"), reference);
      assertEquals(one(s.ubl, "cbc:PayableAmount"), (shipped.totalCents / 100).toFixed(2));
      assertEquals(all(s.cii, "ram:IssuerAssignedID")[1], sale.business!.purchaseOrder);
      for (const x of [s, c]) {
        assertEquals(
          all(x.cii, "ram:SubjectCode").filter((k) => k !== "AAI" && k !== "TXD").sort(),
          ["AAB", "PMD", "PMT"],
        );
        assert(x.ubl.includes("<cbc:Note>#PMT#Indemnité forfaitaire"), x.ubl);
        for (const e of ["40 €", "trois fois le taux d’intérêt légal", "Pas d’escompte"]) {
          assert(x.text.includes(flat(e)), `the page says "${e}":\n${x.text}`);
        }
      }
      for (
        const e of [
          "FR76 3000 6000 0112 3456 7890 189",
          BIC,
          formatRfReference(reference),
          frenchDate(due),
          flat(formatMoney(shipped.totalCents, "fr")),
          "Paiement par virement à 45 jours",
        ]
      ) assert(s.text.includes(flat(e)), `the page says "${e}":\n${s.text}`);
    }, {
      config: { seller: SELLER, transfers: { ...testConfig().transfers, iban: IBAN, bic: BIC } },
    }),
});

Deno.test("[api] a Factur-X PDF made again later is the same document, byte for byte", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const o = await t.services.orders.create(order(SALES[1], 0));
    const [doc] = await t.services.invoices.ofOrder(o.id);
    const get = async () =>
      new Uint8Array(
        await (await t.api.request(`/api/invoices/${doc.number}/pdf`, { headers: clerk.headers }))
          .arrayBuffer(),
      );
    const first = await get();
    await new Promise((r) => setTimeout(r, 1100));
    const again = await get();
    assertEquals(again.length, first.length);
    assert(again.every((b, i) => b === first[i]), "the same bytes");
    const ubl = async () =>
      await (await t.api.request(`/api/invoices/${doc.number}/ubl`, { headers: clerk.headers }))
        .text();
    assertEquals(await ubl(), await ubl());
  }, { config: { seller: SELLER } }));

Deno.test("[api] a document keeps the issue date it was issued with: its CII, UBL and PDF say the stored day, not the one the shop's time zone gives its timestamp today", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const o = await t.services.orders.create(order(SALES[0], 0));
    const [issued] = await t.services.invoices.ofOrder(o.id);
    // Issued at 23:30 UTC on 31 December while the shop kept London's day; Paris now says 1 January.
    const doc = { ...issued, issuedAt: "2026-12-31T23:30:00.000Z", issueDate: "2026-12-31" };
    await t.kv.set(["invoice", doc.number], doc);
    const s = await serve(t, clerk, doc, o);
    assert(
      s.cii.includes(
        '<ram:IssueDateTime><udt:DateTimeString format="102">20261231</udt:DateTimeString></ram:IssueDateTime>',
      ),
      s.cii,
    );
    assertEquals(one(s.ubl, "cbc:IssueDate"), "2026-12-31");
    assert(s.text.includes("31/12/2026") && !s.text.includes("01/01/2027"), s.text);
  }, { config: { seller: SELLER, shopTimeZone: "Europe/Paris" } }));

Deno.test("[api] the UBL download is staff's: anonymous 401, unknown 404", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const anon = await t.api.request("/api/invoices/F2026-000001/ubl");
    assertEquals(anon.status, 401);
    const unknown = await t.api.request("/api/invoices/F1999-000001/ubl", {
      headers: clerk.headers,
    });
    assertEquals(unknown.status, 404);
  }));

Deno.test({
  name:
    `[api] BR-FR ${BR_FR_VERSION}: a French company's invoice (SIREN, purchase order, its own billing address), a public lab's (SIRET, service code, engagement number) and their credit notes pass the XSD, EN 16931 and the French rules' fatal checks, in CII and UBL`,
  ignore: en16931Ignore || (brFrMissing() !== null && Deno.env.get("CI") !== "true"),
  fn: () =>
    withServices(async (t) => {
      const clerk = await loginAs(t, "admin");
      const sale: Sale = {
        ...SALES.find((s) => s.name === "company-fr")!,
        billing: { address: "3 place Bellecour", city: "Lyon", zipCode: "69002" },
      };
      // A public lab invoiced through Chorus Pro: its structure's SIRET, service code and
      // engagement number (issue 37).
      const lab: Sale = {
        ...sale,
        name: "public-lab",
        buyer: { kind: "business", vatNumber: null, check: null },
        business: {
          companyName: "Laboratoire d'automatique (CNRS)",
          publicBody: {
            siret: "19751718400002",
            serviceCode: "LAB-AUTO-42",
            engagementNumber: "EJ-1500012345",
          },
        },
      };
      const xml: Record<string, string> = {};
      for (const [i, s] of [sale, lab].entries()) {
        const o = await t.services.orders.create(order(s, i));
        const [invoice] = await t.services.invoices.ofOrder(o.id);
        await t.services.orders.update(o.id, (x) => ({
          ...x,
          status: "cancelled",
          paymentStatus: "refunded",
          refund: { at: new Date().toISOString(), amountCents: x.totalCents, id: `re_${x.id}` },
        }));
        const credit = (await t.services.invoices.ofOrder(o.id)).find((d) =>
          d.kind === "credit_note"
        )!;
        for (const doc of [invoice, credit]) {
          const served = await serve(t, clerk, doc, o);
          xml[`${s.name}-${doc.number}-cii`] = served.cii;
          xml[`${s.name}-${doc.number}-ubl`] = served.ubl;
        }
      }
      // The lab's documents carry what Chorus Pro routes and pays by.
      for (const [name, text] of Object.entries(xml).filter(([n]) => n.startsWith("public-lab"))) {
        assert(text.includes("LAB-AUTO-42</"), `${name}: the service code (BT-10)`);
        assert(text.includes("EJ-1500012345</"), `${name}: the engagement number (BT-13)`);
        assert(
          /schemeID="0009"[^>]*>19751718400002</.test(text),
          `${name}: the structure's SIRET (BT-46, 0009)`,
        );
      }
      const reports = await checkEn16931(xml);
      for (const [name, report] of Object.entries(reports)) assertClean(name, report);
      const french = await checkBrFr(xml);
      assertEquals(Object.keys(french).length, 8);
      const failed = Object.entries(french).flatMap(([name, failures]) =>
        failures.map((f) => `${name}: ${f.id} ${f.text}`)
      );
      assertEquals(failed, [], "BR-FR");
    }, { config: { seller: SELLER } }),
});

/** The tax matrix's sales and where each is declared: scheme, country of taxation, CA3 box. */
const DECLARED: Record<string, [ReturnScheme, string, string]> = {
  "consumer-fr": ["domestic", "FR", "CA3 A1 (01)"],
  "consumer-pl-french-rate": ["distance_fr", "FR", "CA3 A1 (01)"],
  "oss-de": ["distance_oss", "DE", "CA3 E3 (5A) / OSS return"],
  "oss-cz": ["distance_oss", "CZ", "CA3 E3 (5A) / OSS return"],
  "oss-gr": ["distance_oss", "GR", "CA3 E3 (5A) / OSS return"],
  "oss-at": ["distance_oss", "AT", "CA3 E3 (5A) / OSS return"],
  "business-be": ["intra_eu", "FR", "CA3 F2 (06)"],
  "company-fr": ["domestic", "FR", "CA3 A1 (01)"],
  "export-ch": ["export", "FR", "CA3 E1 (04)"],
  "export-us": ["export", "FR", "CA3 E1 (04)"],
};

Deno.test("[api] tax matrix in the returns: the Invoices screen's totals and the invoices CSV tell French VAT from foreign VAT at the same rate, by country of taxation and scheme, each with its CA3 box; the OSS return has only destination-taxed sales", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    // Austria's 20% is France's: the two must not be added together.
    const austria: Sale = {
      name: "oss-at",
      first: "Sebastian",
      last: "Huber",
      country: "Austria",
      code: "AT",
      city: "Wien",
      zip: "1010",
      buyer: consumer,
      oss: registered,
      category: "S",
      rate: "20",
    };
    const sales = [...SALES, austria];
    const docs = new Map<string, InvoiceDocument>();
    for (const [i, sale] of sales.entries()) {
      const o = await t.services.orders.create(order(sale, i));
      docs.set(sale.name, (await t.services.invoices.ofOrder(o.id))[0]);
    }
    assertEquals(Object.keys(DECLARED).sort(), [...docs.keys()].sort());

    // The screen's totals: one line per scheme, country of taxation, category and rate.
    const expected = new Map<string, { net: number; vat: number; box: string }>();
    for (const [name, doc] of docs) {
      const [scheme, country, box] = DECLARED[name];
      const key = `${scheme}/${country}/${doc.vat[0].category}/${doc.vat[0].rateBp}`;
      const e = expected.get(key) ?? { net: 0, vat: 0, box };
      e.net += doc.vat[0].netCents;
      e.vat += doc.vat[0].vatCents;
      expected.set(key, e);
    }
    const list = await assertJsonResponse(
      await t.api.request("/api/invoices", { headers: clerk.headers }),
      200,
    ) as {
      totals: {
        scheme: string;
        taxCountry: string;
        category: string;
        rateBp: number;
        box: string;
        net: number;
        vat: number;
      }[];
    };
    assertEquals(
      new Map(list.totals.map((r) => [
        `${r.scheme}/${r.taxCountry}/${r.category}/${r.rateBp}`,
        { net: cents(String(r.net)), vat: cents(String(r.vat)), box: r.box },
      ])),
      expected,
    );
    const at20 = list.totals.filter((r) => r.rateBp === 2000 && r.category === "S");
    assertEquals(at20.map((r) => `${r.scheme}/${r.taxCountry}`).sort(), [
      "distance_fr/FR",
      "distance_oss/AT",
      "domestic/FR",
    ]);

    // The invoices CSV: each document's row says its country of taxation, scheme and box.
    const csv = (await (await t.api.request("/api/invoices/export.csv", {
      headers: clerk.headers,
    })).text()).replace(/^\uFEFF/, "").trim().split("\r\n").map((r) => r.split(","));
    const col = (name: string) => csv[0].indexOf(name);
    for (const [name, doc] of docs) {
      const row = csv.find((r) => r[0] === doc.number)!;
      const [scheme, country, box] = DECLARED[name];
      assertEquals(
        [row[col("Tax country")], row[col("Tax scheme")], row[col("CA3 box")]],
        [country, RETURN_SCHEME_TEXT[scheme].label, box],
        name,
      );
    }

    // The OSS return: the destination-taxed sales only, the rate a number.
    const oss = (await (await t.api.request("/api/invoices/oss.csv", {
      headers: clerk.headers,
    })).text()).replace(/^\uFEFF/, "").trim().split("\r\n").slice(1).map((r) => r.split(","));
    assertEquals(oss.map((r) => [r[0], r[2], r[3]]), [
      ["Supplies", "AT", "20"],
      ["Supplies", "CZ", "21"],
      ["Supplies", "DE", "19"],
      ["Supplies", "EL", "24"],
    ]);
  }));

Deno.test({
  name:
    "[api] a French company's back-dated staff order (sold 43 days ago, paid today) states its day of supply on the PDF, in the CII (BT-72), the UBL and the CSV; three boards at 59.00 print lines whose unit price x quantity is the line; the XML passes XSD, EN 16931 and BR-FR",
  ignore: en16931Ignore || (brFrMissing() !== null && Deno.env.get("CI") !== "true"),
  fn: () =>
    withServices(async (t) => {
      const clerk = await loginAs(t, "admin");
      const product = (await t.services.products.list())[0];
      await t.services.products.update(product.id, { price: 59, stock: 50 });
      const sold = new Date(Date.now() - 43 * 86_400_000);
      const soldDay = shopDay(sold.getTime(), t.services.config.shopTimeZone);
      const made = await t.api.request(
        "/api/orders/admin",
        jsonRequest("POST", {
          customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
          shippingAddress: { address: "1 rue X", city: "Lyon", state: "", zipCode: "69001" },
          items: [{ id: product.id, quantity: 3 }],
          shippingCountry: "France",
          paymentMethod: "delivery",
          createdAt: sold.toISOString(),
          // A French company: its invoice is an e-invoice the French rules (BR-FR) apply to.
          business: { companyName: "Ateliers Lovelace SARL", siren: "303265045" },
        }, clerk.headers),
      );
      const { order: made201 } = await assertJsonResponse(made, 201) as { order: { _id: string } };
      await assertJsonResponse(
        await t.api.request(
          `/api/orders/${made201._id}/payment`,
          jsonRequest("PUT", { paymentStatus: "paid" }, clerk.headers),
        ),
        200,
      );
      const o = (await t.services.orders.get(made201._id))!;
      const [doc] = await t.services.invoices.ofOrder(o.id);
      const today = shopDay(Date.now(), t.services.config.shopTimeZone);
      assertEquals([doc.issueDate, doc.tax.taxPoint], [today, soldDay]);
      const s = await serve(t, clerk, doc, o);

      const xml = { "backdated-cii": s.cii, "backdated-ubl": s.ubl };
      const reports = await checkEn16931(xml);
      for (const [name, report] of Object.entries(reports)) assertClean(name, report);
      const french = Object.entries(await checkBrFr(xml)).flatMap(([name, failures]) =>
        failures.map((f) => `${name}: ${f.id} ${f.text}`)
      );
      assertEquals(french, [], "BR-FR");
      assert(
        s.cii.includes(
          `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">${
            soldDay.replaceAll("-", "")
          }</udt:DateTimeString>`,
        ),
        s.cii,
      );
      assertEquals(one(s.ubl, "cbc:ActualDeliveryDate"), soldDay);
      const printed = await pdfLayout(s.pdf);
      const supplyLine = printed.split("\n").find((l) => l.includes("Date of supply")) ?? "";
      assert(supplyLine.includes(`Date de livraison / Date of supply`), printed);
      assert(supplyLine.includes(frenchDate(soldDay)), printed);

      // Every line as printed: quantity, unit price, rate, amount, and unit x quantity = amount.
      const layout = flat(printed);
      const boards = [...layout.matchAll(/ (\d+) (\d+,\d{2}) € 20 % (\d+,\d{2}) €/g)]
        .map((m) => [Number(m[1]), cents(m[2].replace(",", ".")), cents(m[3].replace(",", "."))]);
      assertEquals(boards.slice(0, 2), [[2, 4_917, 9_834], [1, 4_916, 4_916]], layout);
      for (const [qty, unit, net] of boards) assertEquals(qty * unit, net, layout);
      // The three boards' 177.00 paid, net of VAT: 147.50 over the two lines.
      assertEquals(boards[0][2] + boards[1][2], 14_750);

      const csv = await (await t.api.request("/api/invoices/export.csv", {
        headers: clerk.headers,
      })).text();
      const rows = csv.replace(/^\uFEFF/, "").trim().split("\r\n").map((r) => r.split(","));
      const at = (name: string) => rows[0].indexOf(name);
      const row = rows.find((r) => r[0] === doc.number)!;
      assertEquals([row[at("Date")], row[at("Supply date")]], [today, soldDay]);
    }, { config: { seller: SELLER } }),
});

/** The page's text laid out as printed (pdftotext -layout): a line's cells on one line. */
async function pdfLayout(pdf: Uint8Array): Promise<string> {
  const file = await Deno.makeTempFile({ suffix: ".pdf" });
  try {
    await Deno.writeFile(file, pdf);
    return await run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]);
  } finally {
    await Deno.remove(file);
  }
}
