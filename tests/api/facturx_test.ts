import { toCii } from "../../src/domain/cii.ts";
import { type EInvoice, toEInvoice } from "../../src/domain/en16931.ts";
import { type InvoiceDocument, splitGross } from "../../src/domain/invoice.ts";
import { toUbl } from "../../src/domain/ubl.ts";
import type { NewOrder, Order } from "../../src/domain/order.ts";
import { shopDay } from "../../src/domain/shop-time.ts";
import { frenchDate, frenchMoney, frenchRate } from "../../src/services/invoice-pdf.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { checkEn16931, en16931Ignore, type Report } from "../_lib/en16931.ts";
import { type TestContext, withServices } from "../_lib/services.ts";

/**
 * Every invoice and credit note is a Factur-X (PDF/A-3b, EN 16931) with its UBL beside: for each
 * kind of sale, the documents the shop serves pass the official checks (the CII D16B and UBL 2.1
 * schemas, the Commission's EN 16931 rules), carry `factur-x.xml` and the PDF/A and Factur-X
 * metadata, and say on the page what their XML says and what the order says.
 */

const SELLER = {
  legalName: "Vectra Systèmes SAS",
  address: "12 rue des Lois;31000 Toulouse;France",
  siren: "123456789",
  siret: "12345678900012",
  vatNumber: "FR40123456789",
  rcs: "Toulouse B 123 456 789",
  shareCapital: "10 000 €",
  contact: "factures@vectra.example",
};

interface Sale {
  name: string;
  first: string;
  last: string;
  country: string;
  city: string;
  zip: string;
  /** What the XML's VAT breakdown says: category and rate. */
  category: string;
  rate: string;
}

/** The tax matrix as today's snapshots know it: the buyers' names in their own letters. */
const SALES: Sale[] = [
  {
    name: "consumer-fr",
    first: "Amélie",
    last: "Poulain",
    country: "France",
    city: "Paris",
    zip: "75018",
    category: "S",
    rate: "20",
  },
  {
    name: "consumer-pl",
    first: "Łukasz",
    last: "Wiśniewski",
    country: "Poland",
    city: "Kraków",
    zip: "30-001",
    category: "S",
    rate: "20",
  },
  {
    name: "consumer-cz",
    first: "Jiří",
    last: "Dvořák",
    country: "Czechia",
    city: "Brno",
    zip: "602 00",
    category: "S",
    rate: "20",
  },
  {
    name: "oss-de",
    first: "Jürgen",
    last: "Groß",
    country: "Germany",
    city: "München",
    zip: "80331",
    category: "S",
    rate: "19",
  },
  {
    name: "consumer-gr",
    first: "Ελένη",
    last: "Παπαδοπούλου",
    country: "Greece",
    city: "Αθήνα",
    zip: "105 57",
    category: "S",
    rate: "20",
  },
  {
    name: "export-us",
    first: "Ada",
    last: "Lovelace",
    country: "United States",
    city: "Boston",
    zip: "02110",
    category: "G",
    rate: "0",
  },
]; // deno-fmt-ignore

const order = (s: Sale, i: number): NewOrder => ({
  customer: { firstName: s.first, lastName: s.last, email: `buyer${i}@example.com`, phone: "" },
  shippingAddress: {
    address: `${i + 1} Hauptstraße`,
    city: s.city,
    state: "",
    zipCode: s.zip,
    country: s.country,
  },
  items: [
    { id: "p", title: "Vectra DSP board", priceCents: 60_000, quantity: 1, image: "" },
    { id: "q", title: "Isolated probe", priceCents: 1_999, quantity: 3, image: "" },
  ],
  subtotalCents: 65_997,
  shippingFeeCents: 1_490,
  totalCents: 67_487,
  currency: "EUR",
  paymentMethod: "online",
  paymentStatus: "paid",
  status: "processing",
  shippingCountry: s.country,
  shippingFeeDetails: { country: s.country, feeCents: 1_490, currency: "EUR" },
  createdAt: new Date().toISOString(),
});

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

/**
 * The model of an exempt intra-EU supply to a Belgian company, from an issued snapshot: today's
 * snapshots do not record the buyer's company, so the test states what the tax decision adds.
 */
function intraEuSupply(doc: InvoiceDocument): EInvoice {
  const inv = toEInvoice(
    { ...doc, countryCode: "BE", vat: [splitGross(doc.totalCents, 0)], mention: null },
    { timeZone: "Europe/Paris", vatOnDebits: false },
  );
  const mention = "Exonération de TVA, article 262 ter I du CGI";
  const address = {
    lines: ["Rue de la Loi 16"],
    city: "Bruxelles",
    postcode: "1000",
    region: "",
    countryCode: "BE",
  };
  return {
    ...inv,
    purchaseOrder: "PO-2026-17",
    notes: [...inv.notes, { subject: "TXD", text: mention }],
    buyer: {
      name: "Brussels Robotics SRL",
      siren: null,
      vatNumber: "BE0411905847",
      address,
      email: "ap@example.be",
    },
    delivery: {
      name: "Brussels Robotics SRL, lab",
      address: { ...address, lines: ["Avenue Louise 54"], postcode: "1050" },
    },
    lines: inv.lines.map((l) => ({ ...l, category: "K", rateBp: 0 })),
    vat: inv.vat.map((v) => ({
      ...v,
      category: "K",
      exemptionCode: "VATEX-EU-IC",
      exemptionText: mention,
    })),
  };
}

Deno.test({
  name:
    "[api] Factur-X: every sale type's invoice and credit note passes the CII/UBL schemas and the EN 16931 rules, carries factur-x.xml and PDF/A-3 metadata, and its page says what its XML and order say",
  ignore: en16931Ignore,
  fn: () =>
    withServices(async (t) => {
      const clerk = await loginAs(t, "admin");
      const served: Served[] = [];
      for (const [i, s] of SALES.entries()) {
        const o = await t.services.orders.create(order(s, i));
        const [invoice] = await t.services.invoices.ofOrder(o.id);
        served.push(await serve(t, clerk, invoice, o));
      }
      // A full refund (the invoice's lines again) and a partial one (one line).
      const full = served.find((s) => s.doc.countryCode === "PL")!;
      await t.services.orders.update(full.order.id, (x) => ({ ...x, status: "cancelled" }));
      const partial = served.find((s) => s.doc.countryCode === "US")!;
      await t.services.orders.update(partial.order.id, (x) => ({
        ...x,
        paymentStatus: "refunded",
        refund: { at: new Date().toISOString(), amountCents: 5_000, id: "re_1" },
      }));
      for (const s of [full, partial]) {
        const docs = await t.services.invoices.ofOrder(s.order.id);
        const credit = docs.find((d) => d.kind === "credit_note")!;
        served.push(await serve(t, clerk, credit, (await t.services.orders.get(s.order.id))!));
      }

      // The official checks, all documents at once (one JVM per syntax).
      const xml: Record<string, string> = {};
      for (const s of served) {
        xml[`${s.doc.number}-cii`] = s.cii;
        xml[`${s.doc.number}-ubl`] = s.ubl;
      }
      // An exempt intra-EU supply to a business (K) as the tax decision states it: both VAT
      // numbers, the buyer's purchase order, billing and delivery addresses apart.
      const k = intraEuSupply(full.doc);
      xml["intra-eu-k-cii"] = toCii(k);
      xml["intra-eu-k-ubl"] = toUbl(k);
      const reports = await checkEn16931(xml);
      for (const [name, report] of Object.entries(reports)) assertClean(name, report);
      assertEquals(Object.keys(reports).length, 2 * (SALES.length + 3));
      for (const x of [xml["intra-eu-k-cii"], xml["intra-eu-k-ubl"]]) {
        for (const e of ["BE0411905847", "PO-2026-17", "VATEX-EU-IC", "article 262 ter I"]) {
          assert(x.includes(e), `${e} in ${x}`);
        }
      }

      for (const s of served) {
        const { doc, cii, ubl, text, meta } = s;
        const where = `${doc.number} (${doc.address.country})`;
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
        assertEquals(all(cii, "ram:ID")[1], doc.number);
        assertEquals(one(cii, "udt:DateTimeString"), day.replaceAll("-", ""));
        assertEquals(one(ubl, "cbc:IssueDate"), day);
        const grand = cents(one(cii, "ram:GrandTotalAmount"));
        const refunded = s.order.refund?.amountCents;
        assertEquals(grand, credit && refunded ? refunded : s.order.totalCents, where);
        assertEquals(cents(one(ubl, "cbc:TaxInclusiveAmount")), grand);
        assertEquals(cents(one(cii, "ram:DuePayableAmount")), 0);
        assertEquals(cents(one(cii, "ram:TotalPrepaidAmount")), grand);
        const buyer = `${s.order.customer.firstName} ${s.order.customer.lastName}`;
        assertEquals(
          all(cii, "ram:Name")[doc.lines.length + (doc.shippingCents ? 1 : 0) + 1],
          buyer,
        );
        assert(all(ubl, "cbc:RegistrationName").includes(buyer), where);
        assertEquals(all(cii, "ram:Name").includes(SELLER.legalName), true);
        assertEquals(all(cii, "ram:IssuerAssignedID")[0], s.order.orderNumber);
        if (credit) {
          assertEquals(all(cii, "ram:IssuerAssignedID").at(-1), doc.refersTo);
          assert(!/retard|late payment/i.test(text), `${where}: no late-payment text`);
        }
        const sale = SALES.find((x) => x.country === doc.address.country)!;
        assertEquals(all(cii, "ram:CategoryCode").at(-1), sale.category);
        assertEquals(all(cii, "ram:RateApplicablePercent").at(-1), sale.rate);
        assertEquals(all(ubl, "cbc:Percent").at(0), sale.rate);

        // The page says what the XML says: number, date, parties, lines, VAT per rate, total.
        const expected = [
          doc.number,
          frenchDate(day),
          buyer,
          SELLER.legalName,
          `SIREN ${SELLER.siren}`,
          SELLER.vatNumber,
          s.order.orderNumber,
          "Livraison de biens",
          flat(frenchMoney(grand, "EUR")),
          flat(frenchMoney(cents(one(cii, "ram:TaxBasisTotalAmount")), "EUR")),
          flat(frenchMoney(cents(one(cii, "ram:TaxTotalAmount")), "EUR")),
          ...all(cii, "ram:LineTotalAmount").map((a) => flat(frenchMoney(cents(a), "EUR"))),
          ...all(cii, "ram:ChargeAmount").map((a) => flat(frenchMoney(cents(a), "EUR"))),
          `TVA / VAT ${flat(frenchRate(Number(sale.rate) * 100))}`,
          ...all(cii, "ram:Name").slice(0, doc.lines.length).map((n) => n.split(" / ")[0]),
          ...(sale.category === "G" ? ["Exonération de TVA, article 262 I du CGI"] : []),
        ];
        for (const e of expected) {
          assert(text.includes(e), `${where}: the page says "${e}":\n${text}`);
        }
      }
      // A credit note of the whole invoice lists its lines; a partial one says what it is.
      const [fullCredit, partialCredit] = served.slice(-2);
      assertEquals(fullCredit.doc.lines, full.doc.lines);
      assert(partialCredit.text.includes("Remboursement partiel"), partialCredit.text);
      assert(partialCredit.text.includes(partial.doc.number), partialCredit.text);
      assert(partialCredit.text.includes("Exonération de TVA, article 262 I du CGI"));
    }, {
      config: {
        seller: SELLER,
        sellerVatOnDebits: true,
        vatTable: { euRateBp: 2000, exportRateBp: 0, overrides: { DE: 1900 } },
      },
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
