import type { InvoiceDocument } from "../../src/domain/invoice.ts";
import type { NewOrder } from "../../src/domain/order.ts";
import { chargedPrice, decideTax, type OssState, type TaxBuyer } from "../../src/domain/tax.ts";
import { assert, assertEquals, assertJsonResponse, assertThrows } from "../_lib/assert.ts";
import { loadConfig } from "../../src/services/config.ts";
import { atInstant } from "../_lib/clock.ts";
import { checkFlux10, FLUX10_VERSION, flux10Missing } from "../_lib/flux10.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { withServices } from "../_lib/services.ts";
import { loginAs } from "../_lib/admin.ts";
import { UNKNOWN_PERIOD_MESSAGE } from "../../src/api/e-reporting.ts";
import { MATRICULE_MISSING_MESSAGE } from "../../src/services/e-reporting.ts";
import { REPORTING_SELLER as SELLER } from "../_lib/seller.ts";
import { periodOf } from "../../src/domain/reporting-periods.ts";

const notRegistered: OssState = { registered: false, crossed: false, yearNetCents: 0 };

/** A paid order taxed as the checkout decides it, its prices charged on that decision's basis. */
function sale(s: {
  at: string;
  email: string;
  country: string;
  code: string;
  buyer?: TaxBuyer;
  business?: NewOrder["business"];
  oss?: OssState;
}): NewOrder {
  const shelf = [{ id: "b", priceCents: 60_000, quantity: 1 }, {
    id: "p",
    priceCents: 1_999,
    quantity: 2,
  }];
  const tax = decideTax({
    destination: s.code,
    taxPoint: s.at.slice(0, 10),
    buyer: s.buyer ?? { kind: "consumer" },
    oss: s.oss ?? notRegistered,
    shelfCents: 64_988,
  });
  const order = sketchOrder({
    at: s.at,
    email: s.email,
    country: s.country,
    lines: shelf.map((l) => ({ ...l, priceCents: chargedPrice(l.priceCents, tax) })),
    feeCents: chargedPrice(990, tax),
  });
  return { ...order, tax, ...(s.business ? { business: s.business } : {}) };
}

const VIES_OK = {
  vatNumber: "DE136695976",
  status: "valid" as const,
  consultationNumber: "WAPIAAAAW1",
  name: "Muster GmbH",
  nameMatch: "match" as const,
  checkedAt: "2026-10-05T09:00:00Z",
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const cents = (s: string) => Math.round(Number(s) * 100);
const all = (xml: string, re: RegExp) => [...xml.matchAll(re)].map((m) => m.slice(1));

Deno.test(
  `[api] e-reporting: a month's consumer (France, OSS), intra-EU, export sales and credit notes make a Flux 10 file that passes the XSD and the PPF Schematron ${FLUX10_VERSION}, its totals those of the documents to the cent; staff download it (audited)`,
  { ignore: flux10Missing() !== null && Deno.env.get("CI") !== "true" },
  () =>
    withServices(async (t) => {
      const { orders, invoices } = t.services;
      const at = <T>(iso: string, fn: () => Promise<T>) => atInstant(Date.parse(iso), fn);
      const create = (o: NewOrder) => at(o.createdAt, () => orders.create(o));
      const refund = (id: string, when: string, amountCents: number, full = false) =>
        at(when, () =>
          orders.update(id, (o) => ({
            ...o,
            paymentStatus: full ? "refunded" : "partially_refunded",
            refund: { at: when, amountCents, id: `re_${id}` },
          })));

      // September's sale, refunded in October: the credit note is October's.
      const september = await create(
        sale({ at: "2026-09-20T10:00:00Z", email: "sep@x.fr", country: "France", code: "FR" }),
      );
      // 00:30 in Paris on 1 October: October's, though still 30 September in UTC.
      const early = await create(
        sale({ at: "2026-09-30T22:30:00Z", email: "a@x.fr", country: "France", code: "FR" }),
      );
      const fr = await create(
        sale({ at: "2026-10-03T09:00:00Z", email: "b@x.fr", country: "France", code: "FR" }),
      );
      await create(
        sale({ at: "2026-10-03T15:00:00Z", email: "c@x.fr", country: "Belgium", code: "BE" }),
      );
      const oss = await create(sale({
        at: "2026-10-05T10:00:00Z",
        email: "d@x.de",
        country: "Germany",
        code: "DE",
        oss: { registered: true },
      }));
      const intra = await create(sale({
        at: "2026-10-05T11:00:00Z",
        email: "e@x.de",
        country: "Germany",
        code: "DE",
        buyer: { kind: "business", vatNumber: VIES_OK.vatNumber, check: VIES_OK },
        business: { companyName: "Muster GmbH", vatNumber: VIES_OK.vatNumber },
      }));
      // VIES did not answer: a German company charged French VAT, reported per invoice.
      await create(sale({
        at: "2026-10-12T11:00:00Z",
        email: "f@x.de",
        country: "Germany",
        code: "DE",
        buyer: {
          kind: "business",
          vatNumber: "DE136695976",
          check: { ...VIES_OK, status: "unavailable", consultationNumber: null, name: null },
        },
        business: { companyName: "Muster GmbH", vatNumber: "DE136695976" },
      }));
      await create(
        sale({ at: "2026-10-14T08:00:00Z", email: "g@x.ch", country: "Switzerland", code: "CH" }),
      );
      // A company outside the EU that gives no tax id: reported with the consumer sales.
      await create(sale({
        at: "2026-10-14T09:00:00Z",
        email: "h@x.us",
        country: "United States",
        code: "US",
        buyer: { kind: "business", vatNumber: null, check: null },
        business: { companyName: "Acme Inc" },
      }));
      // One that gives its own country's tax id: reported per invoice (0227).
      await create(sale({
        at: "2026-10-15T09:00:00Z",
        email: "j@x.us",
        country: "United States",
        code: "US",
        buyer: { kind: "business", vatNumber: null, check: null },
        business: { companyName: "Globex Corp", vatNumber: "123456789" },
      }));
      // A French company: e-invoiced through the platform, not e-reported.
      await create(sale({
        at: "2026-10-20T09:00:00Z",
        email: "i@x.fr",
        country: "France",
        code: "FR",
        buyer: { kind: "business", vatNumber: null, check: null },
        business: { companyName: "Société Française SA", siren: "732829320" },
      }));
      // A public lab: e-invoiced too (B2G, Chorus Pro), not e-reported.
      await create(sale({
        at: "2026-10-20T10:00:00Z",
        email: "lab@x.fr",
        country: "France",
        code: "FR",
        buyer: { kind: "business", vatNumber: null, check: null },
        business: {
          companyName: "Laboratoire d'automatique",
          publicBody: { siret: "19751718400002", engagementNumber: "EJ-1" },
        },
      }));
      await refund(september.id, "2026-10-02T10:00:00Z", 5_000);
      await refund(fr.id, "2026-10-21T10:00:00Z", 12_345);
      await refund(oss.id, "2026-10-22T10:00:00Z", 10_000);
      await refund(intra.id, "2026-10-25T10:00:00Z", intra.totalCents, true);
      // 00:30 in Paris on 1 November: November's.
      await create(
        sale({ at: "2026-10-31T23:30:00Z", email: "z@x.fr", country: "France", code: "FR" }),
      );

      // Staff download it: GET /api/e-reporting/2026-10.xml, in the audit log.
      const clerk = await loginAs(t, "admin");
      const res = await t.api.request("/api/e-reporting/2026-10.xml", { headers: clerk.headers });
      assertEquals(res.status, 200);
      assertEquals(
        res.headers.get("content-disposition"),
        'attachment; filename="e-reporting-2026-10.xml"',
      );
      const xml = await res.text();
      const [entry] = await t.services.audit.forRecord("ereporting", "2026-10");
      assertEquals([entry?.action, entry?.actor.id], ["ereporting.download", clerk.id]);

      const { schemaErrors, failures } = await checkFlux10(xml);
      assertEquals(schemaErrors, [], "valid against the Flux 10 schema");
      assertEquals(failures, [], "no failed assertion of the PPF's rules");

      // What the documents say: every document issued in October, the French company's and the
      // lab's left out.
      const docs: InvoiceDocument[] = [];
      for await (const d of invoices.between(0, Date.parse("2027-01-01"))) docs.push(d);
      const october = docs.filter((d) =>
        d.issueDate >= "2026-10-01" && d.issueDate <= "2026-10-31"
      );
      assertEquals(october.length, 15, "11 invoices and 4 credit notes in October");
      assert(
        october.some((d) => d.orderId === early.id),
        "the sale at 00:30 in Paris is October's",
      );
      const reported = october.filter((d) => !d.buyer.siren);
      const sign = (d: InvoiceDocument) => d.kind === "credit_note" ? -1 : 1;
      const net = sum(reported.flatMap((d) => d.vat.map((v) => sign(d) * v.netCents)));
      const frenchVat = sum(
        reported.filter((d) => d.tax.taxCountry === "FR")
          .flatMap((d) => d.vat.map((v) => sign(d) * v.vatCents)),
      );
      const foreignVat = sum(
        reported.filter((d) => d.tax.taxCountry !== "FR")
          .flatMap((d) => d.vat.map((v) => sign(d) * v.vatCents)),
      );
      assert(foreignVat > 0, "the OSS sale's VAT is German: on the OSS return, not here");

      // What the file says: the daily aggregates, and each invoice reported (a credit note, 381,
      // deducted).
      const days = all(
        xml,
        /<Transactions><Date>(\d+)<\/Date>.*?<CategoryCode>(\w+)<\/CategoryCode><TaxExclusiveAmount>([-\d.]+)<\/TaxExclusiveAmount><TaxTotal>([-\d.]+)<\/TaxTotal><TransactionsCount>(\d+)/g,
      );
      const invs = all(
        xml,
        /<Invoice><ID>([^<]+)<\/ID>.*?<TypeCode>(\d+)<\/TypeCode>.*?<TaxExclusiveAmount>([-\d.]+)<\/TaxExclusiveAmount><TaxAmount CurrencyCode="EUR">([-\d.]+)</g,
      );
      const invSign = (type: string) => type === "381" ? -1 : 1;
      assertEquals(
        sum(days.map((d) => cents(d[2]))) + sum(invs.map((i) => invSign(i[1]) * cents(i[2]))),
        net,
        "amounts before tax: the documents' to the cent",
      );
      assertEquals(
        sum(days.map((d) => cents(d[3]))) + sum(invs.map((i) => invSign(i[1]) * cents(i[3]))),
        frenchVat,
        "VAT: the French VAT of the documents to the cent",
      );
      assertEquals(
        invs.map((i) => i[0]).sort(),
        reported.filter((d) => d.buyer.vatNumber).map((d) => d.number).sort(),
        "the sales to businesses of other countries, invoice by invoice",
      );
      assertEquals(
        sum(days.map((d) => Number(d[4]))),
        reported.filter((d) => d.kind === "invoice" && !d.buyer.vatNumber).length,
        "the consumer sales counted once each",
      );
      assertEquals(
        days.filter((d) => d[1] === "TNT1").map((d) => d[0]),
        ["20261005", "20261014", "20261022"],
        "OSS sales, exports and their credit notes: not taxed in France",
      );
      assert(
        xml.includes("<StartDate>20261001</StartDate><EndDate>20261031</EndDate>"),
        "the period's days",
      );
    }, {
      config: {
        seller: SELLER,
        platformMatricule: "0042",
      },
    }),
);

Deno.test("[api] e-reporting reads the day index: documents issued before it are indexed once at start, and the period's report is the same", () =>
  withServices(async (t) => {
    const { orders, invoices, eReporting } = t.services;
    const at = <T>(iso: string, fn: () => Promise<T>) => atInstant(Date.parse(iso), fn);
    const fr = await at("2026-10-03T09:00:00Z", () =>
      orders.create(
        sale({ at: "2026-10-03T09:00:00Z", email: "b@x.fr", country: "France", code: "FR" }),
      ));
    await at("2026-10-05T11:00:00Z", () =>
      orders.create(sale({
        at: "2026-10-05T11:00:00Z",
        email: "e@x.de",
        country: "Germany",
        code: "DE",
        buyer: { kind: "business", vatNumber: VIES_OK.vatNumber, check: VIES_OK },
        business: { companyName: "Muster GmbH", vatNumber: VIES_OK.vatNumber },
      })));
    await at("2026-10-21T10:00:00Z", () =>
      orders.update(fr.id, (o) => ({
        ...o,
        paymentStatus: "partially_refunded",
        refund: { at: "2026-10-21T10:00:00Z", amountCents: 12_345, id: "re_fr" },
      })));
    const october = periodOf("2026-10")!;
    const before = await eReporting.report(october);
    assertEquals(
      [before.sales.map((d) => [d.day, d.count, d.netCents]), before.invoices.length],
      [[["2026-10-03", 1, 54_157], ["2026-10-21", 0, -10_288]], 1],
    );

    // A KV of before the day index: the documents, but not their records.
    for await (const e of t.kv.list({ prefix: ["invoice_by_day"] })) await t.kv.delete(e.key);
    await t.kv.delete(["meta", "invoice_day_index_version"]);
    assertEquals((await eReporting.report(october)).sales, [], "the report reads the index");

    assertEquals(await invoices.ensureDayIndex(), 3, "two invoices and a credit note");
    assertEquals(await eReporting.report(october), before);
    assertEquals(await invoices.ensureDayIndex(), 0, "once");
  }));

Deno.test("[api] e-reporting download: an unknown period is a 404, a shop without PA_MATRICULE a 409 saying to set it", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    for (const name of ["2026-13.xml", "2026-11-D4.xml", "2026-11", "x.xml"]) {
      const res = await t.api.request(`/api/e-reporting/${name}`, { headers: clerk.headers });
      assertEquals(await assertJsonResponse(res, 404), {
        error: "not_found",
        message: UNKNOWN_PERIOD_MESSAGE,
      }, name);
    }
    const res = await t.api.request("/api/e-reporting/2026-11-D2.xml", { headers: clerk.headers });
    assertEquals(await assertJsonResponse(res, 409), {
      error: "platform_matricule_missing",
      message: MATRICULE_MISSING_MESSAGE,
    });
    assertEquals(await t.services.audit.forRecord("ereporting", "2026-11-D2"), [], "nothing taken");
  }));

Deno.test("[unit] PA_MATRICULE: 4 letters or digits; a production platform without it refuses to start", () => {
  const pa = {
    SHOP_ENV: "production",
    PA_URL: "https://pa.example.com",
    PA_CLIENT_ID: "id",
    PA_CLIENT_SECRET: "secret",
    PA_FROM: "2027-09-01",
  };
  assertThrows(() => loadConfig(pa), Error, "PA_MATRICULE unset");
  assertThrows(() => loadConfig({ ...pa, PA_MATRICULE: "12345" }), Error, "Invalid PA_MATRICULE");
  assertEquals(loadConfig({ ...pa, PA_MATRICULE: "0042" }).platformMatricule, "0042");
  assertEquals(loadConfig({}).platformMatricule, null, "off by default");
});
