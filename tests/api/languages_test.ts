import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import {
  confirmPayment,
  createIntent,
  intentBody,
  payWithToken,
  productByName,
} from "../_lib/checkout.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

/**
 * Orders and subscribers keep the language of the page they came from: mails speak it and their
 * links open the French pages. English stays the default, as the spec's calls send no language.
 */
Deno.test("[api] a French checkout makes a French order: French lines, mails and order link", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const body = intentBody([{ id: board.id, price: 600, quantity: 1 }]);
    const intent = await createIntent(api, {
      ...body,
      orderData: { ...body.orderData, locale: "fr" },
    });
    await payWithToken(api, intent.clientSecret, "pm_card_visa");
    const { order } = await confirmPayment(api, intent.paymentIntentId);
    const stored = await services.orders.getByNumber(order.orderNumber);
    assertEquals(stored?.locale, "fr");
    assertEquals(stored?.items[0].title, "Carte DSP Vectra");
    const mails = await services.outbox.list();
    const buyer = mails.find((m) => m.to === "ada@example.com")!;
    assertEquals(buyer.subject, `Votre commande ${order.orderNumber} est confirmée`);
    assertStringIncludes(buyer.text, "Total\u00a0: 609,90\u00a0€");
    assertStringIncludes(buyer.text, `/fr/orders/${order.orderNumber}?t=`);
    assertStringIncludes(buyer.html ?? "", '<html lang="fr">');
    const shop = mails.find((m) => m.to !== "ada@example.com")!;
    assertStringIncludes(shop.subject, "New order", "the shop's notice stays in English");
    const admin = await services.orders.get(stored!.id);
    assertEquals(admin?.locale, "fr");
  }));

Deno.test("[api] an order without a language is English; a wrong one is a 400 on the field", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const body = intentBody([{ id: board.id, price: 600, quantity: 1 }]);
    const res = await api.request(
      "/api/stripe/create-payment-intent",
      jsonRequest("POST", { ...body, orderData: { ...body.orderData, locale: "de" } }),
    );
    assertEquals(res.status, 400);
    const error = await res.json() as { errors?: { field: string }[] };
    assert(error.errors?.some((e) => e.field === "orderData.locale"), JSON.stringify(error));
    assertEquals((await services.outbox.list()).length, 0, "nothing changed");
    const intent = await createIntent(api, body);
    await payWithToken(api, intent.clientSecret, "pm_card_visa");
    const { order } = await confirmPayment(api, intent.paymentIntentId);
    assertEquals((await services.orders.getByNumber(order.orderNumber))?.locale, "en");
    const buyer = (await services.outbox.list())
      .find((m) => m.to === "ada@example.com")!;
    assertEquals(buyer.subject, `Your order ${order.orderNumber} is confirmed`);
    assertStringIncludes(buyer.text, `/orders/${order.orderNumber}?t=`);
    assert(!buyer.text.includes("/fr/orders/"));
  }));

Deno.test("[api] 'Find my orders' from a French page mails French links; newsletter subscribers keep their language", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const intent = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
    await payWithToken(api, intent.clientSecret, "pm_card_visa");
    const { order } = await confirmPayment(api, intent.paymentIntentId);
    const res = await api.request(
      "/api/public/orders/find",
      jsonRequest("POST", { email: "ada@example.com", lang: "fr" }),
    );
    assertEquals(res.status, 202);
    const links = (await services.outbox.list())
      .find((m) => m.subject.startsWith("Vos commandes"))!;
    assert(links, "a French mail");
    assertStringIncludes(links.text, `${order.orderNumber} (`);
    assertStringIncludes(links.text, `/fr/orders/${order.orderNumber}?t=`);

    const sub = await api.request(
      "/api/subscription/subscribe",
      jsonRequest("POST", { email: "claire@example.fr", source: "/fr/home", lang: "fr" }),
    );
    assertEquals(sub.status, 201);
    const subscriber = (await services.subscribers.list()).find((s) =>
      s.email === "claire@example.fr"
    );
    assertEquals(subscriber?.lang, "fr");
    assertEquals(
      await services.newsletter.unsubscribeUrl("claire@example.fr", subscriber?.lang),
      (await services.newsletter.unsubscribeUrl("claire@example.fr")).replace(
        "/unsubscribe",
        "/fr/unsubscribe",
      ),
    );
  }));
