import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { fakeChorusPro } from "../_lib/fake-chorus-pro.ts";
import { jsonRequest, testConfig, type TestContext, withServices } from "../_lib/services.ts";
import { createServices } from "../../src/services/container.ts";
import type { EinvoiceTransmission } from "../../src/domain/einvoice-transmission.ts";

/**
 * Public buyers through Chorus Pro, against a local fake of PISTE and Chorus Pro: the
 * directory's demands refuse an order that misses them; each invoice is deposited once, followed
 * to its payment, and flagged when rejected or suspended; an outage is retried; two instances
 * deposit once.
 */

const LAB = "19751718400002";
const STRICT_LAB = "18008901300007";
const MINUTE = 60_000;

/** A staff order for a public lab, marked paid: its invoice is issued then. */
async function labOrder(
  t: TestContext,
  who: SignedIn,
  publicBody: Record<string, string>,
): Promise<Response> {
  const product = (await t.services.products.list()).find((p) => p.stock > 5)!;
  return await t.api.request(
    "/api/orders/admin",
    jsonRequest("POST", {
      customer: { firstName: "Marie", lastName: "Curie", email: "lab@example.fr", phone: "" },
      shippingAddress: { address: "3 rue Michel-Ange", city: "Paris", state: "", zipCode: "75016" },
      items: [{ id: product.id, quantity: 1 }],
      shippingCountry: "France",
      paymentMethod: "delivery",
      business: { companyName: "Laboratoire d'automatique", publicBody },
    }, who.headers),
  );
}

async function paidLabOrder(t: TestContext, who: SignedIn, publicBody: Record<string, string>) {
  const { order } = await assertJsonResponse(await labOrder(t, who, publicBody), 201) as {
    order: { _id: string };
  };
  await assertJsonResponse(
    await t.api.request(
      `/api/orders/${order._id}/payment`,
      jsonRequest("PUT", { paymentStatus: "paid" }, who.headers),
    ),
    200,
  );
  const [invoice] = await t.services.invoices.ofOrder(order._id);
  return { orderId: order._id, number: invoice.number };
}

/** Runs the worker at `minutes` from now. */
const tickAt = (t: TestContext, minutes: number) =>
  t.services.chorusPro!.tick(new Date(Date.now() + minutes * MINUTE));

async function transmission(t: TestContext, who: SignedIn, orderId: string) {
  const res = await t.api.request(`/api/e-invoices?orderId=${orderId}`, { headers: who.headers });
  const { transmissions } = await assertJsonResponse(res, 200) as {
    transmissions: EinvoiceTransmission[];
  };
  assertEquals(transmissions.length, 1);
  return transmissions[0];
}

function withChorus(fn: (t: TestContext, fake: ReturnType<typeof fakeChorusPro>) => Promise<void>) {
  const fake = fakeChorusPro();
  fake.addStructure({
    siret: LAB,
    name: "Université Paris Cité",
    serviceCodeRequired: false,
    engagementNumberRequired: true,
  });
  fake.addStructure({
    siret: STRICT_LAB,
    name: "CNRS DR Paris-Centre",
    serviceCodeRequired: true,
    engagementNumberRequired: true,
  });
  return withServices((t) => fn(t, fake), { config: { chorusPro: fake.settings } })
    .finally(() => fake.close());
}

Deno.test("[api] chorus pro: a structure that requires a service code refuses an order without one (field error), and a SIRET that fails its check digit", () =>
  withChorus(async (t) => {
    const clerk = await loginAs(t, "admin");
    const missing = await labOrder(t, clerk, { siret: STRICT_LAB, engagementNumber: "EJ-1" });
    const body = await assertJsonResponse(missing, 422) as {
      errors: { path?: string; field?: string; message: string }[];
    };
    assertEquals(body.errors.map((e) => e.path ?? e.field), [
      "business.publicBody.serviceCode",
    ]);
    assertEquals(
      body.errors[0].message,
      "CNRS DR Paris-Centre requires a service code on its invoices",
    );
    const noEj = await labOrder(t, clerk, { siret: LAB });
    assertEquals(
      ((await assertJsonResponse(noEj, 422)) as { errors: { message: string }[] }).errors[0]
        .message,
      "Université Paris Cité requires an engagement number (EJ) on its invoices",
    );
    const typo = await labOrder(t, clerk, { siret: "19751718400003", engagementNumber: "EJ-1" });
    await assertJsonResponse(typo, 400);
    assertEquals((await t.services.orders.list()).length, 0, "no order was made");
    // With what the structure asks, it goes.
    await assertJsonResponse(
      await labOrder(t, clerk, {
        siret: STRICT_LAB,
        serviceCode: "DR02",
        engagementNumber: "EJ-1",
      }),
      201,
    );
  }));

Deno.test("[api] chorus pro: an invoice is deposited once (Factur-X, IN_DP_E2_CII_FACTURX), followed to MISE_EN_PAIEMENT; a suspension is flagged with its reason", () =>
  withChorus(async (t, fake) => {
    const clerk = await loginAs(t, "admin");
    const { orderId, number } = await paidLabOrder(t, clerk, {
      siret: LAB,
      engagementNumber: "EJ-1500012345",
    });
    assertEquals((await transmission(t, clerk, orderId)).status.code, "QUEUED");

    await tickAt(t, 0);
    let tx = await transmission(t, clerk, orderId);
    assertEquals(tx.status.code, "DEPOSEE");
    assertEquals(fake.deposits(number).length, 1);
    assert(new TextDecoder("latin1").decode(fake.deposits(number)[0].pdf).startsWith("%PDF"));
    assertEquals(fake.deposits(number)[0].fileName, `${number}.pdf`);
    // Ticking again before it is due does nothing; when due, the flow is read and integrated.
    assertEquals(await tickAt(t, 0), 0);
    await tickAt(t, 2);
    tx = await transmission(t, clerk, orderId);
    assertEquals(tx.remote.idFacture !== undefined, true);

    fake.setStatus(number, "SUSPENDUE", "Pièce jointe manquante : bon de livraison");
    await tickAt(t, 13 * 60);
    tx = await transmission(t, clerk, orderId);
    assertEquals(tx.status.code, "SUSPENDUE");
    assertEquals(tx.status.reason, "Pièce jointe manquante : bon de livraison");
    assert(tx.flagged, "a suspended invoice is flagged");

    fake.setStatus(number, "MISE_EN_PAIEMENT");
    await tickAt(t, 26 * 60);
    tx = await transmission(t, clerk, orderId);
    assertEquals(tx.status.code, "MISE_EN_PAIEMENT");
    assertEquals(tx.status.label, "MISE_EN_PAIEMENT: payment on its way");
    assertEquals(tx.flagged, false);
    assertEquals(tx.settled, true);
    assertEquals(tx.history.map((h) => h.code), [
      "QUEUED",
      "DEPOSEE",
      "SUSPENDUE",
      "MISE_EN_PAIEMENT",
    ]);
    assertEquals(fake.deposits(number).length, 1, "deposited once");
    // Settled: no more calls.
    const calls = fake.calls.length;
    await tickAt(t, 60 * 24 * 3);
    assertEquals(fake.calls.length, calls);
  }));

Deno.test("[api] chorus pro: a rejected flow is flagged with Chorus Pro's reason and listed first", () =>
  withChorus(async (t, fake) => {
    const clerk = await loginAs(t, "admin");
    const first = await paidLabOrder(t, clerk, { siret: LAB, engagementNumber: "EJ-1" });
    const second = await paidLabOrder(t, clerk, { siret: LAB, engagementNumber: "EJ-2" });
    fake.rejectFlow(first.number, "Le numéro d'engagement EJ-1 est inconnu");
    await tickAt(t, 0);
    await tickAt(t, 2);
    const tx = await transmission(t, clerk, first.orderId);
    assertEquals(tx.status.code, "REJETEE");
    assertEquals(tx.status.reason, "Le numéro d'engagement EJ-1 est inconnu");
    assert(tx.flagged && tx.settled);
    const list = await (await t.api.request("/api/e-invoices", { headers: clerk.headers })).json();
    assertEquals(
      list.transmissions.map((x: EinvoiceTransmission) => x.documentNumber),
      [first.number, second.number],
    );
    // The screen says it too, first.
    const page = await t.services.einvoiceTransmissions.list();
    assertEquals(page[0].flagged, true);
  }));

Deno.test("[api] chorus pro: while it is down the deposit is retried with backoff, then made once", () =>
  withChorus(async (t, fake) => {
    const clerk = await loginAs(t, "admin");
    const { orderId, number } = await paidLabOrder(t, clerk, {
      siret: LAB,
      engagementNumber: "EJ-9",
    });
    fake.control.down = true;
    await tickAt(t, 0);
    let tx = await transmission(t, clerk, orderId);
    assertEquals(tx.status.code, "RETRYING");
    assertEquals(tx.attempts, 1);
    await tickAt(t, 1.5);
    tx = await transmission(t, clerk, orderId);
    assertEquals(tx.attempts, 2, "retried after a minute");
    // The next retry waits two minutes: nothing happens before.
    const calls = fake.calls.length;
    await tickAt(t, 2.5);
    assertEquals(fake.calls.length, calls);
    fake.control.down = false;
    await tickAt(t, 4);
    tx = await transmission(t, clerk, orderId);
    assertEquals(tx.status.code, "DEPOSEE");
    assertEquals(tx.flagged, false);
    assertEquals(fake.deposits(number).length, 1);
  }));

Deno.test("[api] chorus pro: two instances on one KV deposit a document once", () =>
  withChorus(async (t, fake) => {
    const clerk = await loginAs(t, "admin");
    const orders = [];
    for (const ej of ["EJ-A", "EJ-B", "EJ-C"]) {
      orders.push(await paidLabOrder(t, clerk, { siret: LAB, engagementNumber: ej }));
    }
    const other = createServices(t.kv, testConfig({ chorusPro: fake.settings }));
    try {
      const at = new Date();
      await Promise.all([t.services.chorusPro!.tick(at), other.chorusPro!.tick(at)]);
      for (const { number } of orders) assertEquals(fake.deposits(number).length, 1, number);
    } finally {
      await other.orderTracking.stop();
      await other.restock.stop();
      await other.newsletterSender.stop();
      await other.mailer.stop();
    }
  }));
