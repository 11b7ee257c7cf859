import { decideTax, type TaxBuyer } from "../../src/domain/tax.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { atInstant } from "../_lib/clock.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { type TestContext, withServices } from "../_lib/services.ts";

/**
 * The accountant's returns as files: the OSS return lists corrections of earlier quarters
 * apart, by period and country; both returns open in Excel (BOM, the French dialect) with the
 * rate a number; the EC sales list takes each document's month from its stored issue date.
 */

const BOM = "\uFEFF";

/** A paid sale of one board at `at` to `country`, taxed as checkout would decide. */
async function sell(
  t: TestContext,
  at: string,
  country: string,
  code: string,
  buyer: TaxBuyer = { kind: "consumer" },
) {
  const tax = decideTax({
    destination: code,
    taxPoint: at.slice(0, 10),
    buyer,
    oss: { registered: true },
    shelfCents: 60_000,
  });
  const sketch = sketchOrder({
    at,
    email: `${code.toLowerCase()}-${at.slice(0, 10)}@example.com`,
    country,
    lines: [{ id: "p", title: "Board", priceCents: 60_000, quantity: 1 }],
    feeCents: 0,
  });
  const business = buyer.kind === "business" && buyer.vatNumber
    ? { business: { companyName: "ACME SA", vatNumber: buyer.vatNumber } }
    : {};
  const order = await atInstant(
    Date.parse(at),
    () => t.services.orders.create({ ...sketch, ...business, tax }),
  );
  const [invoice] = await t.services.invoices.ofOrder(order.id);
  return { order, invoice };
}

/** Gives back `cents` of an order at `at`: a credit note then. */
async function refund(t: TestContext, orderId: string, cents: number, at: string) {
  await atInstant(Date.parse(at), () =>
    t.services.orders.update(orderId, (x) => ({
      ...x,
      paymentStatus: "refunded",
      refund: { at, amountCents: cents, id: `re_${orderId}` },
    })));
}

async function download(t: TestContext, who: SignedIn, path: string) {
  const res = await t.api.request(path, { headers: who.headers });
  assertEquals(res.status, 200, path);
  return {
    type: res.headers.get("content-type"),
    name: res.headers.get("content-disposition"),
    body: await res.text(),
  };
}

const table = (csv: string, separator = ",") =>
  csv.replace(BOM, "").trim().split("\r\n").map((r) => r.split(separator));

Deno.test("[api] OSS return: a credit note for a sale of an earlier quarter is listed apart, by the period it corrects and country, not netted into this quarter", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const summer = await sell(t, "2026-08-10T10:00:00.000Z", "Germany", "DE");
    const autumn = await sell(t, "2026-10-05T10:00:00.000Z", "Germany", "DE");
    const austrian = await sell(t, "2026-07-02T10:00:00.000Z", "Austria", "AT");
    await refund(t, summer.order.id, 11_900, "2026-11-03T10:00:00.000Z");
    await refund(t, austrian.order.id, 12_000, "2026-11-04T10:00:00.000Z");
    await refund(t, autumn.order.id, 5_950, "2026-11-05T10:00:00.000Z");
    const credits = async (id: string) =>
      (await t.services.invoices.ofOrder(id)).find((d) => d.kind === "credit_note")!;
    const [summerCredit, austrianCredit, autumnCredit] = [
      await credits(summer.order.id),
      await credits(austrian.order.id),
      await credits(autumn.order.id),
    ];

    const { body } = await download(
      t,
      clerk,
      "/api/invoices/oss.csv?from=2026-10-01&to=2026-12-31",
    );
    const [header, ...rows] = table(body);
    assertEquals(header, [
      "Section",
      "Period",
      "Member state of consumption",
      "VAT rate (%)",
      "Taxable amount",
      "VAT",
      "Documents",
    ]);
    const amount = (cents: number) => (cents / 100).toFixed(2);
    const net = (d: typeof autumnCredit) => d.vat[0].netCents;
    const vat = (d: typeof autumnCredit) => d.vat[0].vatCents;
    assertEquals(rows, [
      [
        "Supplies",
        "2026-Q4",
        "DE",
        "19",
        amount(net(autumn.invoice) - net(autumnCredit)),
        amount(vat(autumn.invoice) - vat(autumnCredit)),
        "2",
      ],
      [
        "Correction",
        "2026-Q3",
        "AT",
        "",
        amount(-net(austrianCredit)),
        amount(-vat(austrianCredit)),
        "1",
      ],
      [
        "Correction",
        "2026-Q3",
        "DE",
        "",
        amount(-net(summerCredit)),
        amount(-vat(summerCredit)),
        "1",
      ],
    ]);
  }));

Deno.test("[api] OSS return and EC sales list open in Excel: BOM, format=excel-fr (semicolons, decimal commas), the rate a number", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const valid = (vatNumber: string): TaxBuyer => ({
      kind: "business",
      vatNumber,
      check: {
        vatNumber,
        status: "valid",
        consultationNumber: "WAPIAAAAZ",
        name: "ACME SA",
        checkedAt: "2026-11-10",
      },
    });
    const german = await sell(t, "2026-11-10T10:00:00.000Z", "Germany", "DE");
    const belgian = await sell(
      t,
      "2026-11-10T11:00:00.000Z",
      "Belgium",
      "BE",
      valid("BE0411905847"),
    );
    const period = "from=2026-11-01&to=2026-11-30";
    for (const path of ["oss.csv", "ec-sales-list.csv"]) {
      const standard = await download(t, clerk, `/api/invoices/${path}?${period}`);
      assert(standard.body.startsWith(BOM), `${path}: BOM`);
      assertEquals(standard.type, "text/csv; charset=utf-8");
      const fr = await download(t, clerk, `/api/invoices/${path}?${period}&format=excel-fr`);
      assert(fr.body.startsWith(BOM), `${path} (Excel FR): BOM`);
      assert(fr.name!.includes("-excel-fr.csv"), fr.name!);
      assertEquals(
        table(fr.body, ";").map((r) => r.length),
        table(standard.body).map((r) => r.length),
      );
    }
    const oss = table(
      (await download(t, clerk, `/api/invoices/oss.csv?${period}&format=excel-fr`)).body,
      ";",
    );
    const germanNet = german.invoice.vat[0].netCents;
    assertEquals(oss[1].slice(2, 5), ["DE", "19", (germanNet / 100).toFixed(2).replace(".", ",")]);
    const ec = table(
      (await download(t, clerk, `/api/invoices/ec-sales-list.csv?${period}&format=excel-fr`)).body,
      ";",
    );
    const belgianNet = belgian.invoice.vat[0].netCents;
    assertEquals(ec[1], [
      "2026-11",
      "BE",
      "BE0411905847",
      (belgianNet / 100).toFixed(2).replace(".", ","),
      "1",
    ]);
    const bad = await t.api.request(`/api/invoices/oss.csv?format=xlsx`, {
      headers: clerk.headers,
    });
    assertEquals(bad.status, 400);
  }));

Deno.test("[api] EC sales list: each document's month is its stored issue date, never its timestamp in today's time zone", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const { invoice } = await sell(
      t,
      "2026-10-31T23:30:00.000Z",
      "Belgium",
      "BE",
      {
        kind: "business",
        vatNumber: "BE0411905847",
        check: {
          vatNumber: "BE0411905847",
          status: "valid",
          consultationNumber: "WAPIAAAAZ",
          name: "ACME SA",
          checkedAt: "2026-10-31",
        },
      },
    );
    // Issued when the shop kept London's day (31 October); Paris now says 1 November.
    await t.kv.set(["invoice", invoice.number], { ...invoice, issueDate: "2026-10-31" });
    const { body } = await download(
      t,
      clerk,
      "/api/invoices/ec-sales-list.csv?from=2026-10-01&to=2026-11-30",
    );
    assertEquals(table(body).slice(1).map((r) => r[0]), ["2026-10"]);
  }, { config: { shopTimeZone: "Europe/Paris" } }));
