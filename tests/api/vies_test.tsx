import { renderToString } from "preact-render-to-string";
import type { AdminOrder } from "../../src/domain/admin-order.ts";

import { checkVatNumber, type VatNumber } from "../../src/domain/vat-number.ts";
import { sameTraderName } from "../../src/domain/trader-name.ts";
import { createVies } from "../../src/services/vies.ts";
import OrderDetail from "../../src/ui/admin/OrderDetail.tsx";
import { assert, assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { productByName } from "../_lib/checkout.ts";
import { fakeVies } from "../_lib/fake-vies.ts";
import { jsonRequest } from "../_lib/services.ts";
import { buy, quote, SELLER_VAT, taxedIntentBody, withVies } from "../_lib/tax.ts";

const ACME = "BE0411905847";

/** A Belgian number with its check digits: 97 - (its first eight digits mod 97). */
function belgian(n: number): VatNumber {
  const first = String(1_000_000 + n).padStart(8, "0");
  const checked = checkVatNumber(`BE${first}${String(97 - (Number(first) % 97)).padStart(2, "0")}`);
  if (!checked.ok) throw new Error(`not a Belgian number: ${first}`);
  return checked.vat;
}

const seen = (html: string) =>
  html.replace(/<[^>]+>/g, " ").replace(/&#39;/g, "'").replace(/\s+/g, " ");

Deno.test("[api] VIES matching: a consumer typing a real company's VAT number under another name is refused (422 on the company name, nothing opened); the registered name buys exempt, each order its own consultation, staff see VIES's name and address", () =>
  withVies(async (t, vies) => {
    vies.registered.set(ACME, "ACME SA");
    const id = (await productByName(t.services, "Vectra DSP Board")).id;
    const purchase = (companyName: string, email = "ada@example.com") => ({
      country: "Belgium",
      items: [{ id, price: 600, quantity: 1 }],
      business: { companyName, vatNumber: ACME },
      email,
    });
    // The quote has only the number: exempt as far as it can tell.
    const q = await quote(t.api, {
      items: [{ id, quantity: 1 }],
      shippingCountry: "Belgium",
      vatNumber: ACME,
    });
    assertEquals(q.tax.category, "K");
    const res = await t.api.request(
      "/api/stripe/create-payment-intent",
      jsonRequest("POST", taxedIntentBody(purchase("Jean Dupont"), q)),
    );
    const refused = await assertJsonResponse(res, 422) as { errors: { field: string }[] };
    assertEquals(refused.errors.map((e) => e.field), ["orderData.business.companyName"]);
    assertEquals(vies.seen.at(-1)?.traderName, "Jean Dupont");
    let open = 0;
    for await (const _ of t.kv.list({ prefix: ["reservation"] })) open++;
    assertEquals(open, 0, "no checkout opened");

    // The registered name as a buyer writes it (case, accents, legal form) buys exempt.
    const first = await buy(t, purchase("Acme"));
    const second = await buy(t, purchase("acme s.a.", "grace@example.com"));
    for (const b of [first, second]) {
      assertEquals([b.order.tax?.category, b.order.tax?.vies?.nameMatch], ["K", "match"]);
    }
    // Each order is its own consultation (not one shared by the day's buyers).
    const numbers = [first, second].map((b) => b.order.tax?.vies?.consultationNumber);
    assert(numbers.every((n) => /^WAPIAAAA\d+$/.test(n ?? "")), String(numbers));
    assert(numbers[0] !== numbers[1], String(numbers));

    // Staff read VIES's name and address beside what the buyer typed.
    const clerk = await loginAs(t, "admin");
    const detail = await assertJsonResponse(
      await t.api.request(`/api/orders/${first.order.id}`, { headers: clerk.headers }),
      200,
    ) as { order: AdminOrder };
    const page = seen(renderToString(
      <OrderDetail order={detail.order} history={[]} timeZone="Europe/Paris" />,
    ));
    assertStringIncludes(page, "Acme");
    assertStringIncludes(page, "Name at VIES ACME SA");
    assertStringIncludes(page, "Address at VIES Rue de la Loi 200, 1049 Bruxelles");
    assertStringIncludes(page, "Typed name matches VIES's");
  }));

Deno.test("[api] VIES matching: VIES's own match is taken; a member state that discloses no name leaves the sale exempt, flagged for staff", () =>
  withVies(async (t, vies) => {
    const id = (await productByName(t.services, "Vectra DSP Board")).id;
    vies.registered.set(ACME, "ACME SOCIETE ANONYME BELGE");
    vies.registered.set("DE136695976", "---");
    vies.control.matching = true;
    const matched = await buy(t, {
      country: "Belgium",
      items: [{ id, price: 600, quantity: 1 }],
      business: { companyName: "Acme Societe Anonyme Belge", vatNumber: ACME },
    });
    assertEquals(matched.order.tax?.vies?.nameMatch, "match");
    vies.control.matching = false;
    const undisclosed = await buy(t, {
      country: "Germany",
      items: [{ id, price: 600, quantity: 1 }],
      business: { companyName: "Muster GmbH", vatNumber: "DE136695976" },
      email: "muster@example.com",
    });
    assertEquals(undisclosed.order.tax?.category, "K");
    assertEquals(undisclosed.order.tax?.vies?.nameMatch, "unknown");
    assertEquals(undisclosed.order.tax?.vies?.name, null);
  }));

Deno.test("[unit] trader names: case, accents, punctuation and legal forms aside, the same company", () => {
  assert(sameTraderName("Acme", "ACME SA"));
  assert(sameTraderName("Société Générale", "SOCIETE GENERALE SA"));
  assert(sameTraderName("Müller GmbH", "MULLER"));
  assert(sameTraderName("brussels robotics srl", "BRUSSELS ROBOTICS"));
  assert(!sameTraderName("Jean Dupont", "ACME SA"));
  assert(!sameTraderName("SA", "ACME SA"));
  assert(!sameTraderName("Dupont Robotics", "ACME SA"));
});

Deno.test("[api] VIES traffic: one call at a time per number (quotes share it), at most 4 at once per instance, a shop-wide bound a minute; past them the sale is taxed", async () => {
  const fake = fakeVies();
  const kv = await Deno.openKv(":memory:");
  try {
    fake.control.delayMs = 100;
    const numbers = Array.from({ length: 12 }, (_, i) => belgian(i + 1));
    for (const n of numbers) fake.registered.set(n.value, `TRADER ${n.value}`);
    const vies = createVies({
      kv,
      url: fake.url,
      requester: SELLER_VAT,
      timeoutMs: 3_000,
      timeZone: "Europe/Paris",
      perMinute: 30,
    });
    // 200 quotes at once about one number: one call to VIES, one answer for all.
    const same = await Promise.all(Array.from({ length: 200 }, () => vies.check(numbers[0])));
    assertEquals(fake.seen.length, 1);
    assert(same.every((a) => a.status === "valid"));
    // Orders about one number: one call at a time, each its own consultation.
    fake.load.max = 0;
    const trader = { name: `TRADER ${numbers[1].value}` };
    const orders = await Promise.all(
      Array.from({ length: 5 }, () => vies.check(numbers[1], trader)),
    );
    assertEquals(fake.load.max, 1);
    assertEquals(new Set(orders.map((o) => o.consultationNumber)).size, 5);
    // Twelve numbers at once: never more than 4 calls in flight.
    fake.load.max = 0;
    const many = await Promise.all(
      numbers.map((n) => vies.check(n, { name: `TRADER ${n.value}` })),
    );
    assert(fake.load.max <= 4, `at most 4 at once, saw ${fake.load.max}`);
    assert(many.every((a) => a.status === "valid"));
    // The shop-wide bound (30 a minute here, counted in KV by every instance): 1 + 5 + 12 made.
    const other = createVies({
      kv,
      url: fake.url,
      requester: SELLER_VAT,
      timeoutMs: 3_000,
      timeZone: "Europe/Paris",
      perMinute: 30,
    });
    fake.control.delayMs = 0;
    const more = [];
    for (let i = 0; i < 14; i++) more.push(await other.check(numbers[2], { name: "x" }));
    assertEquals(more.filter((a) => a.status === "valid").length, 12);
    assertEquals(more.slice(12).map((a) => a.status), ["unavailable", "unavailable"]);
    assertEquals(fake.seen.length, 30);
  } finally {
    kv.close();
    await fake.close();
  }
});

Deno.test("[api] the quote without a VAT number is rate-limited per client, and reads no more products than its cart's known ones", () =>
  withVies(async (t) => {
    const id = (await productByName(t.services, "Vectra DSP Board")).id;
    const ask = (items: { id: string; quantity: number }[], client = "203.0.113.9") =>
      t.api.request(
        "/api/checkout/quote",
        jsonRequest("POST", { items, shippingCountry: "France" }),
        { clientAddress: client },
      );
    // 50 unknown products: refused after reading one batch of them.
    // The product keys the KV itself is asked for: the store's reads reach it as `getMany`s of
    // the KV under its wrapper (a property set on the wrapper is set there).
    let reads = 0;
    const getMany = Deno.Kv.prototype.getMany;
    // deno-lint-ignore no-explicit-any
    (t.kv as any).getMany = function (this: Deno.Kv, keys: Deno.KvKey[], o?: any) {
      reads += keys.filter((k) => k[0] === "product").length;
      return getMany.call(this, keys, o);
    };
    const junk = Array.from({ length: 50 }, (_, i) => ({ id: `nope-${i}`, quantity: 1 }));
    const refused = await ask(junk);
    assertEquals(refused.status, 422);
    await refused.body?.cancel();
    assert(reads >= 1 && reads <= 10, `read ${reads} product keys`);
    let last = 0;
    for (let i = 0; i < 301; i++) {
      const res = await ask([{ id, quantity: 1 }]);
      last = res.status;
      await res.body?.cancel();
      if (res.status === 429) break;
    }
    assertEquals(last, 429);
    // Another client is not held back.
    const other = await ask([{ id, quantity: 1 }], "198.51.100.7");
    assertEquals(other.status, 200);
    await other.body?.cancel();
  }));
