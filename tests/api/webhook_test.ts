import { assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import {
  confirmPayment,
  createIntent,
  intentBody,
  payWithToken,
  postWebhook,
  productByName,
  signedEvent,
} from "../_lib/checkout.ts";
import { withServices } from "../_lib/services.ts";

async function checkout(api: Parameters<Parameters<typeof withServices>[0]>[0]["api"], id: string) {
  return await createIntent(api, intentBody([{ id, price: 600, quantity: 1 }]));
}

Deno.test("[api] POST /api/stripe/webhook: an authorized intent becomes the order once", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const intent = await checkout(api, board.id);
    await payWithToken(api, intent.clientSecret, "pm_card_visa");
    const { payload, header } = await signedEvent({
      id: "evt_1",
      type: "payment_intent.amount_capturable_updated",
      intent: { id: intent.paymentIntentId, status: "requires_capture", amount: 60990 },
    }, await services.sandbox!.webhookSecret());
    const first = await assertJsonResponse(await postWebhook(api, payload, header), 200);
    assertEquals(first, { received: true, result: "created" });
    const again = await assertJsonResponse(await postWebhook(api, payload, header), 200);
    assertEquals(
      again,
      { received: true, result: "existing" },
      "a redelivered event changes nothing",
    );

    const orders = await services.orders.list();
    assertEquals(orders.length, 1);
    assertEquals(orders[0].paymentIntentId, intent.paymentIntentId);
    assertEquals(
      (await services.sandbox!.retrieveIntent(intent.paymentIntentId))?.status,
      "succeeded",
      "captured",
    );
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);
    assertEquals((await services.outbox.list()).length, 2, "one confirmation, one notice");
  }));

Deno.test("[api] webhook and confirm-payment meet in the same order", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const intent = await checkout(api, board.id);
    await payWithToken(api, intent.clientSecret, "pm_card_visa");
    const confirm = api.request("/api/stripe/confirm-payment", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        paymentIntentId: intent.paymentIntentId,
        orderData: { customer: { email: "ada@example.com" } },
      }),
    });
    const { payload, header } = await signedEvent({
      id: "evt_race",
      type: "payment_intent.amount_capturable_updated",
      intent: { id: intent.paymentIntentId, status: "requires_capture", amount: 60990 },
    }, await services.sandbox!.webhookSecret());
    const [c, w] = await Promise.all([confirm, postWebhook(api, payload, header)]);
    await assertJsonResponse(c, 200);
    await assertJsonResponse(w, 200);
    assertEquals((await services.orders.list()).length, 1);
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);
    const repeat = await assertJsonResponse(await postWebhook(api, payload, header), 200);
    assertEquals(repeat, { received: true, result: "existing" });
  }));

Deno.test("[api] POST /api/stripe/webhook payment_intent.payment_failed is recorded once", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const intent = await checkout(api, board.id);
    await payWithToken(api, intent.clientSecret, "pm_card_chargeDeclined");
    const { payload, header } = await signedEvent({
      id: "evt_failed",
      type: "payment_intent.payment_failed",
      intent: {
        id: intent.paymentIntentId,
        status: "requires_payment_method",
        amount: 60990,
        last_payment_error: { code: "card_declined", message: "Your card was declined." },
      },
    }, await services.sandbox!.webhookSecret());
    const first = await assertJsonResponse(await postWebhook(api, payload, header), 200);
    assertEquals(first, { received: true, result: "recorded" });
    const again = await assertJsonResponse(await postWebhook(api, payload, header), 200);
    assertEquals(again, { received: true, result: "duplicate" });
    const r = await services.reservations.byPaymentIntent(intent.paymentIntentId);
    assertEquals(r?.status, "active", "the customer may still try again");
    assertEquals(r?.lastPaymentError, "Your card was declined. (card_declined)");
    assertEquals((await services.orders.list()).length, 0);
  }));

Deno.test("[api] POST /api/stripe/webhook refuses a bad or missing signature with 400", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const intent = await checkout(api, board.id);
    const forged = await signedEvent({
      id: "evt_forged",
      type: "payment_intent.succeeded",
      intent: { id: intent.paymentIntentId, status: "succeeded", amount: 60990 },
    }, "whsec_someone_else");
    const bad = await assertJsonResponse(
      await postWebhook(api, forged.payload, forged.header),
      400,
    ) as {
      message: string;
    };
    assertStringIncludes(bad.message, "Invalid webhook signature");
    const unsigned = {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: forged.payload,
    };
    await assertJsonResponse(await api.request("/api/stripe/webhook", unsigned), 400);
    assertEquals((await services.orders.list()).length, 0);
  }));

Deno.test("[api] payment calls about unknown payments: webhook acknowledged, confirm 404", () =>
  withServices(async ({ api, services }) => {
    const secret = await services.sandbox!.webhookSecret();
    const { payload, header } = await signedEvent({
      id: "evt_other",
      type: "payment_intent.succeeded",
      intent: { id: "pi_not_ours", status: "succeeded", amount: 100 },
    }, secret);
    const hook = await assertJsonResponse(await postWebhook(api, payload, header), 200);
    assertEquals(hook, { received: true, result: "unknown" }, "Stripe must not retry it forever");
    const other = await signedEvent(
      { id: "evt_misc", type: "charge.refunded", intent: {} },
      secret,
    );
    const ignored = await assertJsonResponse(
      await postWebhook(api, other.payload, other.header),
      200,
    );
    assertEquals(ignored, { received: true, result: "ignored" });
    const confirm = await confirmPayment(api, "pi_sbx_nope", 404);
    assertEquals(confirm.success, false);
    assertEquals((await services.orders.list()).length, 0);
  }));
