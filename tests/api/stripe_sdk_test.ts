import Stripe from "stripe";
import { assert, assertEquals, assertJsonResponse, assertMatch } from "../_lib/assert.ts";
import {
  confirmPayment,
  createIntent,
  expireReservation,
  intentBody,
  postWebhook,
  productByName,
  publicStock,
  signedEvent,
} from "../_lib/checkout.ts";
import { fakeStripe } from "../_lib/fake-stripe.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

const WEBHOOK_SECRET = "whsec_fake_test";

Deno.test("[api] stripe provider: the real SDK authorizes (manual capture) in cents and eur, then captures once", async () => {
  const fake = fakeStripe();
  try {
    await withServices(async ({ api, services }) => {
      const board = await productByName(services, "Vectra DSP Board");
      const body = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 2 }]));
      assertEquals(body.paymentIntentId, "pi_fake_1");
      assertEquals(body.clientSecret, "pi_fake_1_secret_fake");

      const create = fake.seen.find((s) => s.method === "POST")!;
      assertEquals(create.path, "/v1/payment_intents");
      assertEquals(create.form.get("amount"), "120990");
      assertEquals(create.form.get("currency"), "eur");
      assertEquals(create.form.get("allowed_payment_method_types[0]"), "card");
      assertEquals(create.form.get("capture_method"), "manual");
      assertEquals(create.headers.get("authorization"), "Bearer sk_test_fake");
      const reservation = await services.reservations.byPaymentIntent("pi_fake_1");
      assertEquals(create.headers.get("idempotency-key"), `checkout-${reservation!.id}`);
      assertEquals(create.form.get("metadata[reservationId]"), reservation!.id);

      // Not paid yet: Stripe says so, no order.
      assertEquals((await confirmPayment(api, "pi_fake_1", 422)).error, "payment_not_completed");
      fake.intents.get("pi_fake_1")!.status = "requires_capture"; // the card is authorized
      const { order } = await confirmPayment(api, "pi_fake_1");
      assertEquals(order.total, 1209.9);
      assert(
        fake.seen.some((s) => s.method === "GET" && s.path === "/v1/payment_intents/pi_fake_1"),
      );
      const captures = fake.seen.filter((s) => s.path === "/v1/payment_intents/pi_fake_1/capture");
      assertEquals(captures.length, 1);
      assertEquals(captures[0].headers.get("idempotency-key"), "capture-pi_fake_1");
      assertEquals(fake.intents.get("pi_fake_1")!.status, "succeeded");

      // The webhook for the same payment finds the order and changes nothing.
      const { payload, header } = await signedEvent({
        id: "evt_stripe_1",
        type: "payment_intent.succeeded",
        intent: { id: "pi_fake_1", status: "succeeded", amount: 120990 },
      }, WEBHOOK_SECRET);
      const hook = await assertJsonResponse(await postWebhook(api, payload, header), 200);
      assertEquals(hook, { received: true, result: "existing" });
      assertEquals((await services.orders.list()).length, 1);

      // No sandbox with real keys.
      const sandbox = await api.request(
        "/api/sandbox/confirm-card",
        jsonRequest("POST", { clientSecret: "x", paymentMethod: "pm_card_visa" }),
      );
      await assertJsonResponse(sandbox, 404);
    }, {
      config: {
        stripe: { secretKey: "sk_test_fake", webhookSecret: WEBHOOK_SECRET, apiBase: fake.apiBase },
      },
    });
  } finally {
    await fake.close();
  }
});

Deno.test("[api] stripe provider: an ended checkout cancels its PaymentIntent once; one sold out is canceled, not captured", async () => {
  const fake = fakeStripe();
  try {
    await withServices(async ({ api, services, kv }) => {
      const board = await productByName(services, "Vectra DSP Board");
      const body = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
      const r = await services.reservations.byPaymentIntent(body.paymentIntentId);
      await expireReservation(kv, r!.id);
      assertEquals((await services.checkout.sweep()).released, 1);
      assertEquals(fake.intents.get(body.paymentIntentId)!.status, "canceled");
      const cancel = fake.seen.find((s) => s.path.endsWith("/cancel"))!;
      assertEquals(cancel.path, `/v1/payment_intents/${body.paymentIntentId}/cancel`);
      assertEquals(cancel.headers.get("idempotency-key"), `cancel-${body.paymentIntentId}`);
      // Canceling again (another instance, a retry) is accepted as done.
      await services.checkout.provider.cancelIntent(body.paymentIntentId);
      assertEquals(await services.checkout.release(r!.id), false, "released once");

      // A paid intent is never canceled: Stripe refuses, the release still stands.
      const paid = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
      fake.intents.get(paid.paymentIntentId)!.status = "succeeded";
      const held = await services.reservations.byPaymentIntent(paid.paymentIntentId);
      assertEquals(await services.checkout.release(held!.id), true);
      assertEquals(fake.intents.get(paid.paymentIntentId)!.status, "succeeded");

      // Authorized when the stock is gone: the authorization is canceled, nothing captured.
      await services.products.update(board.id, { stock: 0 });
      const late = await createIntent(
        api,
        intentBody([{ id: board.id, price: 600, quantity: 1 }]),
        422,
      );
      assertEquals(late.error, "not_enough_stock");
      await services.products.update(board.id, { stock: 1 });
      const [a, b] = [
        await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }])),
        await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }])),
      ];
      for (const i of [a, b]) fake.intents.get(i.paymentIntentId)!.status = "requires_capture";
      await confirmPayment(api, a.paymentIntentId);
      assertEquals(
        (await confirmPayment(api, b.paymentIntentId, 409)).error,
        "sold_out_not_charged",
      );
      assertEquals(fake.intents.get(b.paymentIntentId)!.status, "canceled");
      assert(!fake.seen.some((s) => s.path === `/v1/payment_intents/${b.paymentIntentId}/capture`));
    }, {
      config: { stripe: { secretKey: "sk_test_fake", apiBase: fake.apiBase } },
    });
  } finally {
    await fake.close();
  }
});

Deno.test("[api] stripe provider: Stripe failing is a 502 and nothing is held", async () => {
  const fake = fakeStripe();
  try {
    await withServices(async ({ api, services }) => {
      const board = await productByName(services, "Vectra DSP Board");
      fake.control.fail = true;
      const body = await createIntent(
        api,
        intentBody([{ id: board.id, price: 600, quantity: 1 }]),
        502,
      );
      assertEquals(body.success, false);
      assertMatch(body.message!, /payment service is unavailable/);
      assertEquals(await publicStock(api, services, board.id), board.stock);
    }, {
      config: { stripe: { secretKey: "sk_test_fake", apiBase: fake.apiBase } },
    });
  } finally {
    await fake.close();
  }
});

Deno.test("[api] stripe provider: webhooks are verified with the Stripe SDK", async () => {
  await withServices(async ({ api }) => {
    const payload = JSON.stringify({ id: "evt_x", type: "payment_intent.succeeded", data: {} });
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: "whsec_wrong",
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    await assertJsonResponse(await postWebhook(api, payload, header), 400);
  }, { config: { stripe: { secretKey: "sk_test_fake", webhookSecret: WEBHOOK_SECRET } } });
});
