/**
 * Forged webhooks (issue 18, item 14): the sandbox verified webhooks with a published secret
 * and trusted the event's body, so a signed "succeeded" event made an unpaid checkout a paid
 * order. Now the intent is read back from its provider, and a sandbox install signs with a
 * secret of its own.
 */
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import {
  createIntent,
  intentBody,
  postWebhook,
  productByName,
  signedEvent,
} from "../_lib/checkout.ts";
import { fakeStripe } from "../_lib/fake-stripe.ts";
import { withServices } from "../_lib/services.ts";

const succeeded = (id: string, eventId: string) => ({
  id: eventId,
  type: "payment_intent.succeeded",
  intent: { id, status: "succeeded", amount: 60990, amount_received: 60990 },
});

Deno.test("[security] sandbox: a validly signed 'succeeded' event for an unpaid checkout makes no order", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const intent = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
    // Even with the install's own secret (leaked, say), the body is not believed.
    const secret = await services.sandbox!.webhookSecret();
    const { payload, header } = await signedEvent(
      succeeded(intent.paymentIntentId, "evt_f1"),
      secret,
    );
    const answer = await assertJsonResponse(await postWebhook(api, payload, header), 200);
    assertEquals(answer, { received: true, result: "not_paid" });
    assertEquals((await services.orders.list()).length, 0);
    assertEquals((await services.products.get(board.id))?.stock, board.stock);
    assertEquals(
      (await services.sandbox!.retrieveIntent(intent.paymentIntentId))?.status,
      "requires_payment_method",
    );
  }));

Deno.test("[security] sandbox: the webhook secret is generated per install, not the published one", async () => {
  const secrets: string[] = [];
  for (let i = 0; i < 2; i++) {
    await withServices(async ({ api, services }) => {
      const secret = await services.sandbox!.webhookSecret();
      assert(secret.length >= 32);
      assertEquals(await services.sandbox!.webhookSecret(), secret, "kept");
      secrets.push(secret);
      const board = await productByName(services, "Vectra DSP Board");
      const intent = await createIntent(
        api,
        intentBody([{ id: board.id, price: 600, quantity: 1 }]),
      );
      const forged = await signedEvent(
        succeeded(intent.paymentIntentId, "evt_f2"),
        "whsec_sandbox_offline_only",
      );
      await assertJsonResponse(await postWebhook(api, forged.payload, forged.header), 400);
      assertEquals((await services.orders.list()).length, 0);
    });
  }
  assert(secrets[0] !== secrets[1], "each install has its own");
  await withServices(async ({ services }) => {
    assertEquals(await services.sandbox!.webhookSecret(), "whsec_set_by_operator");
  }, { config: { stripe: { webhookSecret: "whsec_set_by_operator" } } });
});

Deno.test("[security] stripe: a signed 'succeeded' event is checked against Stripe; an unpaid intent makes no order", async () => {
  const fake = fakeStripe();
  try {
    await withServices(async ({ api, services }) => {
      const board = await productByName(services, "Vectra DSP Board");
      const intent = await createIntent(
        api,
        intentBody([{ id: board.id, price: 600, quantity: 1 }]),
      );
      const { payload, header } = await signedEvent(
        succeeded(intent.paymentIntentId, "evt_f3"),
        "whsec_fake_test",
      );
      const answer = await assertJsonResponse(await postWebhook(api, payload, header), 200);
      assertEquals(answer, { received: true, result: "not_paid" });
      assert(
        fake.seen.some((s) =>
          s.method === "GET" && s.path === `/v1/payment_intents/${intent.paymentIntentId}`
        ),
      );
      assertEquals((await services.orders.list()).length, 0);
    }, {
      config: {
        stripe: {
          secretKey: "sk_test_fake",
          webhookSecret: "whsec_fake_test",
          apiBase: fake.apiBase,
        },
      },
    });
  } finally {
    await fake.close();
  }
});
