import type { NewOrder } from "../../src/domain/order.ts";
import { chargedPrice, decideTax } from "../../src/domain/tax.ts";
import { createServices } from "../../src/services/container.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { atInstant } from "../_lib/clock.ts";
import { type FakePlatform, fakePlatform } from "../_lib/fake-pa.ts";
import { testConfig, type TestContext, withServices } from "../_lib/services.ts";
import { checkFlux10, flux10Missing } from "../_lib/flux10.ts";
import { cdarMissing, checkCdar } from "../_lib/cdar.ts";
import { CLERK, orderOnAccount, transferConfig } from "../_lib/account-orders.ts";
import type { Config } from "../../src/services/config.ts";
import { TEST_SELLER as SELLER } from "../_lib/seller.ts";
import { fakeChorusPro } from "../_lib/fake-chorus-pro.ts";
import { chorusStatus } from "../../src/domain/chorus-pro-status.ts";
import { withStatus } from "../../src/domain/einvoice-transmission.ts";

/**
 * The approved platform (AFNOR XP Z12-013 Flow Service 1.3.0) against a local fake that holds
 * every request to the published OpenAPI file: what goes there, once, in order, and what the
 * shop reads back (webhooks, the poll), through outages, rejections and forged events.
 */

const today = new Date().toISOString().slice(0, 10);

/** A paid order of a French company (its invoice goes through the platform), or a consumer's. */
function sale(i: number, business = true): NewOrder {
  const tax = decideTax({
    destination: "FR",
    taxPoint: today,
    buyer: business
      ? { kind: "business", vatNumber: "FR40303265045", check: null }
      : { kind: "consumer" },
    oss: { registered: false, crossed: false, yearNetCents: 0 },
    shelfCents: 60_000,
  });
  const priceCents = chargedPrice(60_000, tax);
  const address = {
    address: `${i} rue de la République`,
    city: "Lyon",
    state: "",
    zipCode: "69002",
    country: "France",
  };
  return {
    customer: {
      firstName: "Claire",
      lastName: "Martin",
      email: `buyer${i}@example.com`,
      phone: "",
    },
    shippingAddress: address,
    ...(business
      ? {
        business: {
          companyName: "Lyon Motion SAS",
          vatNumber: "FR40303265045",
          siren: "303265045",
          purchaseOrder: `BC-${i}`,
        },
      }
      : {}),
    tax,
    items: [{ id: "p", title: "Vectra DSP board", priceCents, quantity: 1, image: "" }],
    subtotalCents: priceCents,
    shippingFeeCents: 0,
    totalCents: priceCents,
    currency: "EUR",
    paymentMethod: "online",
    paymentStatus: "paid",
    status: "processing",
    shippingCountry: "France",
    shippingFeeDetails: { country: "France", feeCents: 0, currency: "EUR" },
    createdAt: new Date().toISOString(),
  };
}

/** A paid order of a public lab (its structure's SIRET, engagement number): B2G. */
function labSale(i: number): NewOrder {
  const { business: _, ...order } = sale(i);
  return {
    ...order,
    business: {
      companyName: "Laboratoire d'automatique",
      publicBody: { siret: LAB, engagementNumber: `EJ-${i}` },
    },
  };
}
const LAB = "19751718400002";

/** The CII a Factur-X PDF carries, as pdfdetach takes it out. */
async function facturXml(pdf: Uint8Array): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "pa-" });
  try {
    await Deno.writeFile(`${dir}/doc.pdf`, pdf);
    const out = await new Deno.Command("pdfdetach", {
      args: ["-saveall", "-o", dir, `${dir}/doc.pdf`],
    }).output();
    assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
    return await Deno.readTextFile(`${dir}/factur-x.xml`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function withPlatform(
  fn: (t: TestContext, pa: FakePlatform) => Promise<void>,
  options: {
    from?: string;
    reports?: (id: string) => Uint8Array | null;
    seed?: boolean;
    config?: Partial<Config>;
  } = {},
) {
  const pa = await fakePlatform();
  try {
    await withServices((t) => fn(t, pa), {
      seed: options.seed ?? false,
      config: {
        seller: SELLER,
        platform: pa.settings(options.from ?? today),
        ...options.config,
      },
      ...(options.reports ? { reports: (p) => Promise.resolve(options.reports!(p.id)) } : {}),
    });
    assertEquals(pa.violations, [], "every request the platform received follows its OpenAPI");
  } finally {
    await pa.close();
  }
}

async function post(t: TestContext, e: { payload: string; headers: Record<string, string> }) {
  const res = await t.api.request("/api/platform/webhook", {
    method: "POST",
    headers: e.headers,
    body: e.payload,
  });
  return { status: res.status, body: await res.json() };
}

const codes = (r: { history: { code: number }[] } | null) => r?.history.map((h) => h.code);

/** A document's record on the E-invoices list, its lifecycle statuses as numbers. */
async function record(t: TestContext, ref: string) {
  const tx = await t.services.einvoiceTransmissions.find("platform", ref);
  return tx && {
    code: Number(tx.status.code),
    label: tx.status.label,
    reason: tx.status.reason ?? null,
    orderId: tx.orderId,
    flagged: tx.flagged,
    history: tx.history.filter((h) => /^\d{3}$/.test(h.code)).map((h) => ({
      code: Number(h.code),
      reason: h.reason ?? null,
    })),
  };
}
const raw = (t: TestContext, ref: string) => t.services.einvoiceTransmissions.find("platform", ref);

Deno.test("[api] approved platform: a French company's invoice and credit note are sent once, by one of two instances, and walk 200 -> 212", async () => {
  await withPlatform(async (t, pa) => {
    const order = await t.services.orders.create(sale(1));
    // A consumer's invoice is not an e-invoice: it goes in the e-reporting, not here.
    await t.services.orders.create(sale(2, false));
    const [invoice] = await t.services.invoices.ofOrder(order.id);

    // Two instances on one KV send at once: one deposit each, in order.
    const other = createServices(
      t.kv,
      testConfig({ seller: SELLER, platform: pa.settings(today) }),
    );
    await Promise.all([t.services.platform.pass(), other.platform.pass()]);
    await Promise.all([t.services.platform.pass(), other.platform.pass()]);
    assertEquals(pa.deposits.map((d) => [d.trackingId, d.flowSyntax]), [
      [invoice.number, "Factur-X"],
      [`${invoice.number}-212`, "CDAR"],
    ]);
    // The Factur-X PDF itself, as staff download it.
    assertEquals(new TextDecoder().decode(pa.deposits[0].file.slice(0, 5)), "%PDF-");
    const cdar = new TextDecoder().decode(pa.deposits[1].file);
    assert(cdar.includes(`<ram:ProcessConditionCode>212</ram:ProcessConditionCode>`), cdar);

    // The buyer's platform tells its steps, by webhook: the invoice walks to 205, then stays
    // collected (212, the seller's own status, sent once it was paid).
    for (const code of [202, 203, 204, 205]) {
      const { status } = await post(t, await pa.event(pa.lifecycle(invoice.number, code)));
      assertEquals(status, 200);
    }
    await t.services.platform.pass();
    const walked = await record(t, invoice.number);
    assertEquals(codes(walked)?.toSorted(), [200, 202, 203, 204, 205, 212]);
    assertEquals([walked?.code, walked?.label, walked?.orderId], [212, "Collected", order.id]);

    // Refunded: its credit note goes the same way, once.
    await t.services.orders.update(order.id, (x) => ({
      ...x,
      paymentStatus: "refunded",
      refund: { at: new Date().toISOString(), amountCents: x.totalCents, id: "re_1" },
    }));
    const credit = (await t.services.invoices.ofOrder(order.id)).find((d) =>
      d.kind === "credit_note"
    )!;
    await Promise.all([t.services.platform.pass(), other.platform.pass()]);
    await t.services.platform.pass();
    assertEquals(pa.deposits.map((d) => d.trackingId).slice(2), [
      credit.number,
      `${credit.number}-212`,
    ]);
    assertEquals((await record(t, credit.number))?.code, 212);
  });
});

Deno.test("[api] approved platform: a refund's credit note is said collected; a later re-invoice's credit note is not (no money moved back), its new invoice is", async () => {
  await withPlatform(async (t, pa) => {
    const order = await t.services.orders.create(sale(1));
    await t.services.orders.update(order.id, (x) => ({
      ...x,
      paymentStatus: "partially_refunded",
      refund: { at: new Date().toISOString(), amountCents: 5_000, id: "re_1" },
    }));
    await t.services.orders.update(order.id, (x) => ({
      ...x,
      invoiceRevision: (x.invoiceRevision ?? 0) + 1,
    }));
    await t.services.platform.pass();
    const docs = await t.services.invoices.ofOrder(order.id);
    assertEquals(docs.map((d) => d.kind), ["invoice", "credit_note", "credit_note", "invoice"]);
    const [first, refund, credit, again] = docs.map((d) => d.number);
    assertEquals(pa.deposits.map((d) => d.trackingId), [
      first,
      `${first}-212`,
      refund,
      `${refund}-212`,
      credit,
      again,
      `${again}-212`,
    ]);
    assertEquals((await record(t, credit))?.code, 200);
  });
});

Deno.test("[api] approved platform: an order on account's invoice is deposited when issued, and said collected once the payment is recorded", async () => {
  await withPlatform(async (t, pa) => {
    const quoted = await orderOnAccount(t);
    // The buyer's SIREN makes it an e-invoice (the quote form asks for none).
    await t.services.orders.update(quoted.id, (o) => ({
      ...o,
      business: { ...o.business!, siren: "303265045" },
    }));
    await t.services.orderDesk.setStatus(CLERK, quoted.id, { status: "shipped" });
    const [invoice] = await t.services.invoices.ofOrder(quoted.id);
    await t.services.platform.pass();
    assertEquals(pa.deposits.map((d) => d.trackingId), [invoice.number]);
    assertEquals((await record(t, invoice.number))?.code, 200);

    const order = (await t.services.orders.get(quoted.id))!;
    await t.services.accountPayments.record(CLERK, order.id, {
      id: "ENTRY-1",
      valueDate: today,
      amountCents: order.totalCents,
      source: "staff",
    });
    await t.services.platform.pass();
    assertEquals(pa.deposits.map((d) => d.trackingId), [invoice.number, `${invoice.number}-212`]);
    assertEquals((await record(t, invoice.number))?.code, 212);
  }, { seed: true, config: transferConfig(testConfig()) });
});

Deno.test("[api] approved platform: a document the platform rejects is flagged with its reason, first on staff's list", async () => {
  await withPlatform(async (t, pa) => {
    const first = await t.services.orders.create(sale(1));
    const [invoice] = await t.services.invoices.ofOrder(first.id);
    // Rejected at once (422) ...
    pa.control.refuse = { errorCode: "INVALID_FLOW", errorMessage: "BR-FR-12 buyer SIREN" };
    await t.services.platform.pass();
    pa.control.refuse = null;
    // ... or after its checks (its acknowledgement: Error, told by webhook).
    const second = await t.services.orders.create(sale(2));
    const [late] = await t.services.invoices.ofOrder(second.id);
    pa.control.ackError.set(late.number, "Amounts do not add up");
    const third = await t.services.orders.create(sale(3));
    await t.services.platform.pass();
    const flow = [...pa.flows.values()].find((f) => f.flow.trackingId === late.number)!.flow;
    assertEquals((await post(t, await pa.event(flow))).status, 200);
    await t.services.platform.pass();

    const rejected = await record(t, invoice.number);
    assertEquals(rejected?.code, 213);
    assert(rejected?.reason?.includes("BR-FR-12 buyer SIREN"), rejected?.reason ?? "");
    const afterChecks = await record(t, late.number);
    assertEquals([afterChecks?.code, afterChecks?.reason], [
      213,
      "InvoiceLCRuleError: Amounts do not add up",
    ]);
    // Never deposited, so never said collected; the third went on.
    assertEquals(pa.deposits.some((d) => d.trackingId === `${invoice.number}-212`), false);
    const [thirdInvoice] = await t.services.invoices.ofOrder(third.id);
    assertEquals((await record(t, thirdInvoice.number))?.code, 212);

    const clerk = await loginAs(t, "admin");
    const res = await t.api.request("/api/e-invoices?channel=platform", {
      headers: clerk.headers,
    });
    const list = (await res.json()).transmissions as {
      documentNumber: string;
      flagged: boolean;
      status: { code: string };
    }[];
    assertEquals(list.slice(0, 2).map((r) => [r.status.code, r.flagged]), [
      ["213", true],
      ["213", true],
    ]);
    assertEquals(list.map((r) => r.documentNumber).toSorted(), [
      invoice.number,
      late.number,
      thirdInvoice.number,
    ]);
  });
});

Deno.test("[api] approved platform: down for an hour, nothing is lost and everything goes in order", async () => {
  await withPlatform(async (t, pa) => {
    pa.control.down = true;
    const orders = [];
    for (const i of [1, 2, 3]) orders.push(await t.services.orders.create(sale(i)));
    const numbers = [];
    for (const o of orders) numbers.push((await t.services.invoices.ofOrder(o.id))[0].number);
    const start = Date.now();
    for (let minute = 0; minute <= 60; minute += 10) {
      await atInstant(start + minute * 60_000, () => t.services.platform.pass());
    }
    assertEquals(pa.deposits, []);
    pa.control.down = false;
    await atInstant(start + 125 * 60_000, async () => {
      await t.services.platform.pass();
    });
    assertEquals(
      pa.deposits.map((d) => d.trackingId),
      numbers.flatMap((n) => [n, `${n}-212`]),
    );
    for (const n of numbers) assertEquals((await record(t, n))?.code, 212);
  });
});

Deno.test("[api] approved platform: a replayed, stale or forged webhook changes nothing; the poll finds what webhooks missed", async () => {
  await withPlatform(async (t, pa) => {
    const order = await t.services.orders.create(sale(1));
    const [invoice] = await t.services.invoices.ofOrder(order.id);
    await t.services.platform.pass();
    const approved = pa.lifecycle(invoice.number, 205);
    const event = await pa.event(approved);
    assertEquals((await post(t, event)).status, 200);
    await t.services.platform.pass();
    const before = await raw(t, invoice.number);
    assertEquals(codes(await record(t, invoice.number))?.toSorted(), [200, 205, 212]);

    // The same event again: answered, nothing queued, nothing changed.
    assertEquals((await post(t, event)).status, 200);
    await t.services.platform.pass();
    assertEquals(await raw(t, invoice.number), before);

    // Refused by a forger: a wrong signature, a stale timestamp, no signature.
    const refused = pa.lifecycle(invoice.number, 210, "Not ordered");
    const forged = await pa.event(refused);
    forged.headers["Afnor-Signature"] = btoa("x".repeat(32));
    const stale = await pa.event(refused, Date.now() - 10 * 60_000);
    const unsigned = await pa.event(refused);
    delete (unsigned.headers as Record<string, string>)["Afnor-Signature"];
    for (const e of [forged, stale, unsigned]) {
      const res = await post(t, e);
      assertEquals(res.status, 401, JSON.stringify(res.body));
      assertEquals(res.body.error, "unauthorized");
    }
    const tampered = await pa.event(approved);
    assertEquals(
      (await post(t, { ...tampered, payload: tampered.payload.replace("205", "210") })).status,
      401,
    );
    assertEquals((await post(t, { ...event, payload: "not json" })).status, 401);
    await t.services.platform.pass();
    assertEquals(await raw(t, invoice.number), before);

    // The refusal was real, though: the poll (the webhooks' fallback) reads it.
    await t.services.platform.pass({ forcePoll: true });
    await t.services.platform.pass();
    const after = await record(t, invoice.number);
    assertEquals(codes(after)?.includes(210), true);
    assertEquals(after?.history.find((h) => h.code === 210)?.reason, "REF_CT: Not ordered");
  });
});

Deno.test("[api] approved platform: each closed e-reporting period's file is sent once, in order, from PA_FROM", async () => {
  const asked: string[] = [];
  await withPlatform(
    async (t, pa) => {
      await atInstant(Date.parse("2026-10-25T12:00:00Z"), async () => {
        await t.services.platform.pass();
        await t.services.platform.pass();
      });
      assertEquals(pa.deposits.map((d) => [d.trackingId, d.flowSyntax]), [
        ["FRR-2026-10-D1", "FRR"],
        ["FRR-2026-10-D2", "FRR"],
      ]);
      assertEquals(new TextDecoder().decode(pa.deposits[1].file), "<report period='2026-10-D2'/>");
      assertEquals((await record(t, "FRR-2026-10-D2"))?.code, 200);
    },
    {
      from: "2026-10-01",
      reports: (id) => (asked.push(id), new TextEncoder().encode(`<report period='${id}'/>`)),
    },
  );
  assertEquals(asked, ["2026-10-D1", "2026-10-D2"]);
});

Deno.test({
  name:
    "[api] approved platform: with PA_MATRICULE set, the period's file sent is the shop's own e-reporting file of its consumer sales, valid Flux 10",
  ignore: flux10Missing() !== null,
  fn: async () => {
    await withPlatform(
      async (t, pa) => {
        await atInstant(Date.parse("2026-10-05T10:00:00Z"), async () => {
          await t.services.orders.create(sale(1, false));
          await t.services.orders.create(sale(2, false));
        });
        await atInstant(Date.parse("2026-10-12T12:00:00Z"), () => t.services.platform.pass());
        assertEquals(pa.deposits.map((d) => [d.trackingId, d.flowSyntax]), [
          ["FRR-2026-10-D1", "FRR"],
        ]);
        const xml = new TextDecoder().decode(pa.deposits[0].file);
        assertEquals(await checkFlux10(xml), { schemaErrors: [], failures: [] });
        // The two sales of 5 October, as one day's aggregate: 2 x 500.00 before tax, 200.00 VAT.
        for (
          const part of [
            '<Sender><Id schemeId="0238">0042</Id>',
            "<ReportPeriod><StartDate>20261001</StartDate><EndDate>20261010</EndDate></ReportPeriod>",
            "<Date>20261005</Date>",
            "<TaxExclusiveAmount>1000.00</TaxExclusiveAmount><TaxTotal>200.00</TaxTotal><TransactionsCount>2</TransactionsCount>",
          ]
        ) assert(xml.includes(part), `${part} in ${xml}`);
      },
      { from: "2026-10-01", config: { platformMatricule: "0042" } },
    );
  },
});

Deno.test("[api] approved platform: off by default; production refuses half a configuration", async () => {
  const { loadConfig } = await import("../../src/services/config.ts");
  const four = {
    PA_URL: "https://pa.example/flow-service",
    PA_CLIENT_ID: "id",
    PA_CLIENT_SECRET: "secret",
    PA_FROM: "2027-09-01",
  };
  assertEquals(loadConfig({}).platform, null);
  assertEquals(loadConfig(four).platform?.tokenUrl, "https://pa.example/flow-service/oauth/token");
  const half = { SHOP_ENV: "production", PA_URL: four.PA_URL, PA_CLIENT_ID: "id" };
  let refused = "";
  try {
    loadConfig(half);
  } catch (err) {
    refused = (err as Error).message;
  }
  assert(refused.includes("PA_CLIENT_SECRET, PA_FROM unset"), refused);
  assertEquals(loadConfig({ ...half, SHOP_ENV: "development" }).platform, null);
});

Deno.test({
  name:
    "[api] approved platform: the '212 Collected' it sends for an invoice and its refund's credit note passes the CDAR schema and the BR-FR-CDV rules",
  ignore: cdarMissing() !== null,
  fn: async () => {
    await withPlatform(async (t, pa) => {
      const order = await t.services.orders.create(sale(1));
      await t.services.orders.update(order.id, (x) => ({
        ...x,
        paymentStatus: "refunded",
        refund: { at: new Date().toISOString(), amountCents: x.totalCents, id: "re_1" },
      }));
      await t.services.platform.pass();
      const [invoice, credit] = await t.services.invoices.ofOrder(order.id);
      const sent = pa.deposits.filter((d) => d.flowSyntax === "CDAR");
      assertEquals(sent.map((d) => d.trackingId), [
        `${invoice.number}-212`,
        `${credit.number}-212`,
      ]);
      for (const d of sent) {
        const xml = new TextDecoder().decode(d.file);
        assertEquals(await checkCdar(xml), { schemaErrors: [], failures: [] }, xml);
      }
      // What the buyer's platform reads: the invoice, collected, 600.00 at 20 %.
      const xml = new TextDecoder().decode(sent[0].file);
      for (
        const part of [
          `<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID><ram:TypeCode>380</ram:TypeCode>`,
          "<ram:ProcessConditionCode>212</ram:ProcessConditionCode>",
          '<ram:ValueAmount currencyID="EUR">600.00</ram:ValueAmount><ram:ValuePercent>20.00</ram:ValuePercent>',
        ]
      ) assert(xml.includes(part), `${part} in ${xml}`);
    });
  },
});

Deno.test("[api] approved platform: a public body's invoice and credit note go to Chorus Pro directly before PA_FROM, through the platform as B2G from it (SIRET and engagement in the Factur-X), never both; one record each", async () => {
  const chorus = fakeChorusPro();
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const after = Date.parse(`${from}T12:00:00Z`);
  try {
    await withPlatform(async (t, pa) => {
      const before = await t.services.orders.create(labSale(1));
      const later = await atInstant(after, () => t.services.orders.create(labSale(2)));
      await atInstant(after + 60_000, async () => {
        await t.services.orders.update(later.id, (x) => ({
          ...x,
          paymentStatus: "refunded",
          refund: { at: new Date().toISOString(), amountCents: x.totalCents, id: "re_2" },
        }));
        await t.services.platform.pass();
        await t.services.chorusPro!.tick();
      });
      const [old] = await t.services.invoices.ofOrder(before.id);
      const [invoice, credit] = await t.services.invoices.ofOrder(later.id);

      // Before PA_FROM: Chorus Pro directly, not the platform.
      assertEquals(chorus.deposits(old.number).length, 1);
      // From PA_FROM: the platform, rule B2G, and no "212 Collected" (Chorus Pro follows the
      // payment); Chorus Pro directly never sees them.
      assertEquals(pa.deposits.map((d) => [d.trackingId, d.flowSyntax, d.processingRule]), [
        [invoice.number, "Factur-X", "B2G"],
        [credit.number, "Factur-X", "B2G"],
      ]);
      assertEquals(
        chorus.deposits(invoice.number).length + chorus.deposits(credit.number).length,
        0,
      );
      const cii = await facturXml(pa.deposits[0].file);
      assert(cii.includes(`schemeID="0009">${LAB}<`), "the structure's SIRET (BT-46)");
      assert(cii.includes("<ram:IssuerAssignedID>EJ-2<"), "the engagement number (BT-13)");

      // Staff see one record per document, on its channel.
      const clerk = await loginAs(t, "admin");
      const channels = async (orderId: string) => {
        const res = await t.api.request(`/api/e-invoices?orderId=${orderId}`, {
          headers: clerk.headers,
        });
        return ((await res.json()).transmissions as { documentNumber: string; channel: string }[])
          .map((r) => [r.documentNumber, r.channel]).toSorted();
      };
      assertEquals(await channels(before.id), [[old.number, "chorus_pro"]]);
      assertEquals(
        await channels(later.id),
        [
          [credit.number, "platform"],
          [invoice.number, "platform"],
        ].toSorted(),
      );
      assertEquals((await record(t, invoice.number))?.code, 200);
    }, { from, config: { chorusPro: chorus.settings } });
  } finally {
    await chorus.close();
  }
});

Deno.test("[api] approved platform: the dashboard shows the e-invoices needing staff with their status and reason, refused and rejected first (the E-invoices list too)", async () => {
  await withPlatform(async (t, pa) => {
    const rejected = await t.services.orders.create(sale(1));
    pa.control.refuse = { errorCode: "INVALID_FLOW", errorMessage: "BR-FR-12 buyer SIREN" };
    await t.services.platform.pass();
    pa.control.refuse = null;
    const refused = await t.services.orders.create(sale(2));
    await t.services.platform.pass();
    const [refusedInvoice] = await t.services.invoices.ofOrder(refused.id);
    const event = await pa.event(pa.lifecycle(refusedInvoice.number, 210, "Not ordered"));
    assertEquals((await post(t, event)).status, 200);
    await t.services.platform.pass();
    // The newest: a public lab's invoice Chorus Pro's buyer suspended (flagged, not ended).
    const lab = await t.services.einvoiceTransmissions.ensure({
      documentNumber: "F2026-009999",
      orderId: null,
      kind: "invoice",
      channel: "chorus_pro",
    });
    await t.services.einvoiceTransmissions.update(lab.id, (tx) =>
      withStatus(tx, {
        ...chorusStatus("SUSPENDUE", "Bon de livraison manquant"),
        nextAttemptAt: new Date(Date.now() + 60_000).toISOString(),
      }, new Date(Date.now() + 1000).toISOString()));

    const clerk = await loginAs(t, "admin");
    const stats = await (await t.api.request("/api/dashboard/stats", { headers: clerk.headers }))
      .json();
    const shown = (rows: { documentNumber: string; status: { code: string; reason?: string } }[]) =>
      rows.slice(0, 3).map((r) => [r.documentNumber, r.status.code, r.status.reason]);
    const [rejectedInvoice] = await t.services.invoices.ofOrder(rejected.id);
    const expected = [
      [refusedInvoice.number, "210", "REF_CT: Not ordered"],
      [rejectedInvoice.number, "213", "deposit: HTTP 422 INVALID_FLOW BR-FR-12 buyer SIREN"],
      ["F2026-009999", "SUSPENDUE", "Bon de livraison manquant"],
    ];
    assertEquals(stats.data.einvoices.count, 3);
    assertEquals(shown(stats.data.einvoices.first), expected);
    const list = await t.api.request("/api/e-invoices", { headers: clerk.headers });
    assertEquals(shown((await list.json()).transmissions), expected);
  });
});
