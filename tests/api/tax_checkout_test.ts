import { EXEMPTION_MENTIONS, VAT_NUMBER_FIELD } from "../../src/domain/tax.ts";
import { tax as VAT_TEXT } from "../../src/i18n/messages/en/tax.ts";
import { tax as FR_VAT_TEXT } from "../../src/i18n/messages/fr/tax.ts";
import { assert, assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import { productByName } from "../_lib/checkout.ts";
import { createApiApp } from "../../src/api/app.ts";
import { createServices } from "../../src/services/container.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";
import { openKv } from "../../src/store/kv.ts";
import { jsonRequest, testConfig, type TestContext } from "../_lib/services.ts";
import { buy, quote, SELLER_VAT, taxedIntentBody, withVies } from "../_lib/tax.ts";

const board = async (t: TestContext) => (await productByName(t.services, "Vectra DSP Board")).id;
const ACME = "BE0411905847";

async function mailTo(t: TestContext, orderNumber: string) {
  const mails = await t.services.outbox.list();
  const mail = mails.find((m) => m.subject === `Your order ${orderNumber} is confirmed`);
  assert(mail, mails.map((m) => m.subject).join("\n"));
  return mail;
}

Deno.test("[api] a Belgian company VIES confirms pays net of French VAT: exempt invoice with both VAT numbers, the consultation kept", () =>
  withVies(async (t, vies) => {
    vies.registered.set(ACME, "ACME SA");
    const id = await board(t);
    const business = {
      companyName: "ACME SA",
      vatNumber: "be 0411.905.847",
      purchaseOrder: "PO-2026-118",
    };
    const billingAddress = {
      address: "Rue de la Loi 200",
      city: "Bruxelles",
      state: "Bruxelles",
      zipCode: "1049",
      country: "Belgium",
    };
    const { quote: q, order, invoice } = await buy(t, {
      country: "Belgium",
      items: [{ id, price: 600, quantity: 1 }],
      business,
      billingAddress,
    });
    // Shelf price / 1.20 per unit, to the cent; the fee the same (12.50 -> 10.42).
    assertEquals([q.subtotal, q.shippingFee, q.total, q.vat], [500, 10.42, 510.42, 0]);
    assertEquals([q.tax.category, q.tax.basis], ["K", "net"]);
    assertEquals(order.totalCents, 51_042);
    assertEquals(order.tax?.scheme, "intra_eu");
    assert(/^WAPIAAAA\d+$/.test(order.tax?.vies?.consultationNumber ?? ""), "consultation kept");
    // VIES was asked with the seller as requester.
    assertEquals(vies.seen[0], {
      countryCode: "BE",
      vatNumber: "0411905847",
      requesterMemberStateCode: "FR",
      requesterNumber: SELLER_VAT.slice(2),
    });
    assertEquals(invoice.vat, [{
      category: "K",
      rateBp: 0,
      exemptionReason: "VATEX-EU-IC",
      exemptionText: EXEMPTION_MENTIONS["VATEX-EU-IC"],
      netCents: 51_042,
      vatCents: 0,
      grossCents: 51_042,
    }]);
    assertEquals(invoice.mention, "Exonération de TVA, article 262 ter I du CGI");
    assertEquals(invoice.seller.vatNumber, SELLER_VAT);
    assertEquals(invoice.buyer, {
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+33612345678",
      company: "ACME SA",
      vatNumber: ACME,
      siren: null,
      purchaseOrder: "PO-2026-118",
    });
    assertEquals(invoice.billingAddress, billingAddress);
    assertEquals(invoice.address.city, "City");
    assertEquals(invoice.lines[0].unitNetCents, 50_000);
    const mail = await mailTo(t, order.orderNumber);
    assertStringIncludes(mail.text, `Total (${VAT_TEXT.excluded}): €510.42`);
    assertStringIncludes(mail.text, `${VAT_TEXT.none}: €0.00`);
    assertStringIncludes(mail.text, EXEMPTION_MENTIONS["VATEX-EU-IC"]);
    // The order is its own consultation, with the company's name and address for VIES's
    // matching; the quote's answer is kept for the day: quoting again does not call VIES.
    assertEquals(vies.seen.length, 2);
    assertEquals(vies.seen[1], {
      ...vies.seen[0],
      traderName: "ACME SA",
      traderStreet: "Rue de la Loi 200",
      traderPostalCode: "1049",
      traderCity: "Bruxelles",
    });
    await quote(t.api, {
      items: [{ id, quantity: 1 }],
      shippingCountry: "Belgium",
      vatNumber: ACME,
    });
    assertEquals(vies.seen.length, 2);
  }));

Deno.test("[api] a VAT number VIES does not know, or with wrong check digits: 422 on orderData.business.vatNumber, nothing opened", () =>
  withVies(async (t, vies) => {
    const id = await board(t);
    const purchase = (vatNumber: string) => ({
      country: "Germany",
      items: [{ id, price: 600, quantity: 1 }],
      business: { companyName: "Muster GmbH", vatNumber },
    });
    // The quote asks VIES, and the checkout again (its own consultation).
    for (const [vatNumber, asked] of [["DE136695976", 2], ["DE136695978", 2]] as const) {
      const q = await quote(t.api, {
        items: [{ id, quantity: 1 }],
        shippingCountry: "Germany",
        vatNumber,
      }, 422);
      assertEquals(q.errors?.map((e) => e.field), [VAT_NUMBER_FIELD]);
      const shelf = { subtotal: 600, shippingFee: 12.5, total: 612.5 } as never;
      const res = await t.api.request(
        "/api/stripe/create-payment-intent",
        jsonRequest("POST", taxedIntentBody(purchase(vatNumber), shelf)),
      );
      const body = await assertJsonResponse(res, 422) as {
        success: boolean;
        errors: { field: string; message: string }[];
      };
      assertEquals(body.success, false);
      assertEquals(body.errors.map((e) => e.field), [VAT_NUMBER_FIELD]);
      // The wrong checksum never reaches VIES.
      assertEquals(vies.seen.length, asked, vatNumber);
    }
    let open = 0;
    for await (const _ of t.kv.list({ prefix: ["reservation"] })) open++;
    assertEquals(open, 0, "no checkout opened");
  }));

Deno.test("[api] VIES cannot answer (down, or slower than the timeout): the company buys with VAT charged and is told why", () =>
  withVies(async (t, vies) => {
    vies.registered.set(ACME, "ACME SA");
    const id = await board(t);
    for (const mode of ["down", "hang"] as const) {
      vies.control[mode] = true;
      const { quote: q, order, invoice } = await buy(t, {
        country: "Belgium",
        items: [{ id, price: 600, quantity: 1 }],
        business: { companyName: "ACME SA", vatNumber: ACME },
      });
      vies.control[mode] = false;
      assertEquals([q.total, q.tax.category, q.tax.notice], [612.5, "S", "vies_unavailable"]);
      assertEquals([invoice.vat[0].rateBp, invoice.vat[0].vatCents], [2000, 10_208]);
      assertEquals(order.tax?.vies?.status, "unavailable");
      const mail = await mailTo(t, order.orderNumber);
      assertStringIncludes(mail.text, VAT_TEXT.viesUnavailable);
      assertStringIncludes(mail.text, "incl. VAT (20%): €102.08");
    }
  }, { viesTimeoutMs: 300 }));

Deno.test("[api] VIES cannot answer, VAT_OSS=on, goods to Germany: a French business sale at 20%, outside the OSS and its threshold", () =>
  withVies(async (t, vies) => {
    const clerk = await loginStaff(t);
    const id = await board(t);
    vies.control.down = true;
    const { quote: q, order, invoice } = await buy(t, {
      country: "Germany",
      items: [{ id, price: 600, quantity: 1 }],
      business: { companyName: "Muster GmbH", vatNumber: "DE136695976" },
    });
    assertEquals([q.total, q.tax.taxCountry, q.tax.rateBp, q.tax.scheme], [
      612.5,
      "FR",
      2000,
      "domestic",
    ]);
    assertEquals([invoice.tax.scheme, invoice.vat[0].rateBp, invoice.vat[0].vatCents], [
      "domestic",
      2000,
      10_208,
    ]);
    assertEquals(order.tax?.notice, "vies_unavailable");
    assertEquals((await screen(t, clerk)).oss.net, 0, "not counted toward the OSS threshold");
  }, { oss: true }));

Deno.test("[api] a Belgian VAT number, goods to Germany: exempt (art. 262 ter I CGI), the buyer told nothing changes on its side, in both languages", () =>
  withVies(async (t, vies) => {
    vies.registered.set(ACME, "ACME SA");
    const id = await board(t);
    for (const locale of ["en", "fr"] as const) {
      const { quote: q, order, invoice } = await buy(t, {
        country: "Germany",
        items: [{ id, price: 600, quantity: 1 }],
        business: { companyName: "ACME SA", vatNumber: ACME },
        locale,
      });
      assertEquals(vies.seen.at(-1)?.countryCode, "BE");
      assertEquals([q.tax.category, q.tax.notice, q.total], [
        "K",
        "vat_number_other_member_state",
        510.42,
      ]);
      const words = locale === "en" ? VAT_TEXT : FR_VAT_TEXT;
      assertEquals(
        q.statement.note,
        VAT_TEXT.vatNumberOtherMemberState,
        "the quote speaks English",
      );
      assertEquals([invoice.vat[0].category, invoice.mention], [
        "K",
        EXEMPTION_MENTIONS["VATEX-EU-IC"],
      ]);
      assertEquals(invoice.buyer.vatNumber, ACME);
      assertEquals(order.tax?.scheme, "intra_eu");
      const mails = await t.services.outbox.list();
      const mail = mails.find((m) =>
        m.to === "ada@example.com" && m.text.includes(order.orderNumber)
      );
      assert(mail, "confirmation mail");
      const flat = (text: string) => text.replace(/\s+/g, " ");
      assertStringIncludes(flat(mail.text), flat(words.vatNumberOtherMemberState));
    }
  }));

Deno.test("[api] a French company pays French VAT and its SIREN is on the invoice; exports outside the EU are net of French VAT", () =>
  withVies(async (t, vies) => {
    const id = await board(t);
    const fr = await buy(t, {
      country: "France",
      items: [{ id, price: 600, quantity: 1 }],
      business: { companyName: "Vectra Labs SAS", siren: "732 829 320" },
    });
    assertEquals([fr.invoice.vat[0].category, fr.invoice.vat[0].rateBp], ["S", 2000]);
    assertEquals(fr.invoice.buyer.siren, "732829320");
    assertEquals(fr.invoice.totalCents, 60_990);
    const bad = await t.api.request(
      "/api/stripe/create-payment-intent",
      jsonRequest(
        "POST",
        taxedIntentBody({
          country: "France",
          items: [{ id, price: 600, quantity: 1 }],
          business: { companyName: "X", siren: "732829321" },
        }, fr.quote),
      ),
    );
    const refused = await assertJsonResponse(bad, 422) as { errors: { field: string }[] };
    assertEquals(refused.errors.map((e) => e.field), ["orderData.business.siren"]);

    const swiss = await buy(t, {
      country: "Switzerland",
      items: [{ id, price: 600, quantity: 1 }],
    });
    // 600 / 1.20 and 19 / 1.20.
    assertEquals([swiss.quote.total, swiss.quote.tax.category], [515.83, "G"]);
    assertEquals(swiss.invoice.mention, "Exonération de TVA, article 262 I du CGI");
    assertEquals(swiss.invoice.vat[0].exemptionReason, "VATEX-EU-G");
    const mail = await mailTo(t, swiss.order.orderNumber);
    assertStringIncludes(mail.text, "Total (excl. VAT): €515.83");
    assertStringIncludes(mail.text, "VAT 0%: €0.00");
    assert(!mail.text.includes(VAT_TEXT.pricesIncluded), mail.text);

    const us = await buy(t, {
      country: "United States",
      items: [{ id, price: 600, quantity: 2 }],
      business: { companyName: "Acme Inc.", vatNumber: "12-3456789" },
    });
    assertEquals([us.invoice.tax.category, us.invoice.totalCents], ["G", 2 * 50_000 + 2_917]);
    assertEquals(us.invoice.buyer.vatNumber, "123456789", "a tax id outside the EU, as given");
    assertEquals(vies.seen.length, 0, "VIES is asked only about EU numbers that can exempt");
  }));

Deno.test("[api] EU consumers: French VAT under the EUR 10,000 threshold, the destination's from the sale that crosses it; Invoices screen shows the total", () =>
  withVies(async (t) => {
    const clerk = await loginStaff(t);
    const id = await board(t);
    const germany = (quantity: number) =>
      buy(t, { country: "Germany", items: [{ id, price: 600, quantity }] });
    const first = await germany(1);
    assertEquals([first.invoice.tax.taxCountry, first.invoice.vat[0].rateBp], ["FR", 2000]);
    // 612.50 at 20%: VAT 102.08, shelf price unchanged.
    assertEquals([first.invoice.totalCents, first.invoice.vat[0].vatCents], [61_250, 10_208]);
    // 18 boards and the fee: 9,010.42 net of French VAT more, 9,520.84 in the year: under.
    const second = await germany(18);
    assertEquals(second.invoice.vat[0].rateBp, 2000);
    let list = await screen(t, clerk);
    assertEquals(list.oss.net, 9_520.84);
    assertEquals([list.oss.crossed, list.oss.warning], [false, true], "over 80%");
    // The next sale passes EUR 10,000: it and every later one take Germany's 19%.
    const crossing = await germany(1);
    assertEquals(
      [crossing.invoice.tax.taxCountry, crossing.invoice.vat[0].rateBp],
      ["DE", 1900],
    );
    // 612.50 at 19%: VAT 97.79 inside the same shelf price.
    assertEquals([crossing.invoice.totalCents, crossing.invoice.vat[0].vatCents], [61_250, 9_779]);
    const mail = await mailTo(t, crossing.order.orderNumber);
    assertStringIncludes(mail.text, "incl. VAT (19%): €97.79");
    const after = await germany(1);
    assertEquals(after.invoice.vat[0].rateBp, 1900);
    list = await screen(t, clerk);
    assertEquals(list.oss.crossed, true);
    // A French sale does not count.
    await buy(t, { country: "France", items: [{ id, price: 600, quantity: 1 }] });
    assertEquals((await screen(t, clerk)).oss.net, list.oss.net);
  }));

Deno.test("[api] VAT_OSS=on: EU consumers pay their country's rate inside the same shelf price (HU 27%, FI 25.5%, GR 24%)", () =>
  withVies(async (t) => {
    const id = await board(t);
    for (const [country, rateBp] of [["Hungary", 2700], ["Finland", 2550], ["Greece", 2400]]) {
      await t.services.shippingFees.create({ country: country as string, shippingFee: 15 });
      const { invoice, quote: q } = await buy(t, {
        country: country as string,
        items: [{ id, price: 600, quantity: 1 }],
      });
      assertEquals(q.total, 615, country as string);
      assertEquals([invoice.vat[0].rateBp, invoice.totalCents], [rateBp, 61_500]);
      assertEquals(invoice.vat[0].vatCents, 61_500 - Math.round(61_500 / (1 + +rateBp / 10_000)));
    }
  }, { oss: true }));

async function loginStaff(t: TestContext) {
  const { loginAs } = await import("../_lib/admin.ts");
  return await loginAs(t, "admin");
}

async function screen(t: TestContext, who: { headers: Record<string, string> }) {
  return await assertJsonResponse(
    await t.api.request("/api/invoices", { headers: who.headers }),
    200,
  ) as {
    oss: { year: string; net: number; threshold: number; crossed: boolean; warning: boolean };
  };
}

Deno.test("[api] buyers racing across the OSS threshold on two instances: every sale committed before the crossing pays French VAT, the crossing one and all after it Germany's", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const config = testConfig({ kvPath: path });
  const instances: TestContext[] = [];
  for (let i = 0; i < 2; i++) {
    const kv = await openKv(path);
    const services = createServices(kv, config);
    instances.push({ kv, services, api: createApiApp(services) });
  }
  try {
    await seedIfEmpty(instances[0].services, () => {});
    const id = await board(instances[0]);
    // 15 boards and the fee: 7,510.42 net of French VAT this year.
    await buy(instances[0], { country: "Germany", items: [{ id, price: 600, quantity: 15 }] });
    // Nine buyers of one board (510.42 net each) at once on both: the fifth to commit crosses.
    await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        buy(instances[i % 2], {
          country: "Germany",
          items: [{ id, price: 600, quantity: 1 }],
          email: `racer${i}@example.com`,
        })),
    );
    const docs = (await Array.fromAsync(instances[0].services.invoiceDesk.each({})))
      .sort((a, b) => a.number.localeCompare(b.number)).slice(1);
    assertEquals(
      docs.map((d) => d.vat[0].rateBp),
      [2000, 2000, 2000, 2000, 1900, 1900, 1900, 1900, 1900],
    );
  } finally {
    for (const t of instances) {
      await t.services.restock.stop();
      await t.services.newsletterSender.stop();
      await t.services.mailer.stop();
      t.kv.close();
    }
    await Deno.remove(path).catch(() => {});
  }
});
