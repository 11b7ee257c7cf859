/**
 * A refund made outside the shop (Stripe's dashboard) arrives as `charge.refunded`; the intent
 * is read back from Stripe and the refund recorded as the shop's own: refunded status, credit
 * note, the buyer's mail, audit. The Refund button then records it instead of failing.
 */
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import {
  confirmPayment,
  createIntent,
  intentBody,
  postWebhook,
  productByName,
  signedEvent,
} from "../_lib/checkout.ts";
import { fakeStripe } from "../_lib/fake-stripe.ts";
import { type TestContext, withServices } from "../_lib/services.ts";

const SECRET = "whsec_fake_outside";

async function paidThroughStripe(t: TestContext, fake: ReturnType<typeof fakeStripe>) {
  const board = await productByName(t.services, "Vectra DSP Board");
  const intent = await createIntent(t.api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
  fake.intents.get(intent.paymentIntentId)!.status = "requires_capture"; // the card authorized
  await confirmPayment(t.api, intent.paymentIntentId);
  const order = await t.services.orders.getByPaymentIntent(intent.paymentIntentId);
  assertEquals(order?.paymentStatus, "paid");
  return order!;
}

/** A refund made in Stripe's dashboard: at Stripe, unknown to the shop. */
const refundAtStripe = (t: TestContext, paymentIntentId: string, amountCents: number) =>
  t.services.checkout.provider.refund({
    paymentIntentId,
    amountCents,
    idempotencyKey: `dashboard-${paymentIntentId}`,
  });

const withFakeStripe =
  (fn: (t: TestContext, fake: ReturnType<typeof fakeStripe>) => Promise<void>) => async () => {
    const fake = fakeStripe();
    try {
      await withServices((t) => fn(t, fake), {
        config: {
          stripe: { secretKey: "sk_test_fake", webhookSecret: SECRET, apiBase: fake.apiBase },
        },
      });
    } finally {
      await fake.close();
    }
  };

/** Stripe's signed `charge.refunded` for the order's payment, its body saying `amountRefunded`. */
const chargeRefunded = (eventId: string, paymentIntentId: string, amountRefunded: number) =>
  signedEvent({
    id: eventId,
    type: "charge.refunded",
    intent: {
      object: "charge",
      id: `ch_${paymentIntentId}`,
      payment_intent: paymentIntentId,
      amount_refunded: amountRefunded,
    },
  }, SECRET);

Deno.test(
  "[api] charge.refunded from Stripe's dashboard: read back, recorded once with its credit note, mail and audit",
  withFakeStripe(async (t, fake) => {
    const order = await paidThroughStripe(t, fake);
    await refundAtStripe(t, order.paymentIntentId!, order.totalCents);
    // The event's body says a different amount: only what Stripe says counts.
    const { payload, header } = await chargeRefunded("evt_refund_1", order.paymentIntentId!, 1);
    const first = await assertJsonResponse(await postWebhook(t.api, payload, header), 200);
    assertEquals(first, { received: true, result: "recorded" });
    const again = await assertJsonResponse(await postWebhook(t.api, payload, header), 200);
    assertEquals(again, { received: true, result: "unchanged" }, "a redelivery changes nothing");

    const after = (await t.services.orders.get(order.id))!;
    assertEquals(after.paymentStatus, "refunded");
    assertEquals(after.refund?.amountCents, order.totalCents);
    const docs = await t.services.invoices.ofOrder(order.id);
    assertEquals(docs.map((d) => [d.kind, d.totalCents]), [
      ["invoice", order.totalCents],
      ["credit_note", order.totalCents],
    ]);
    const audit = (await t.services.audit.forRecord("order", order.id))
      .filter((a) => a.action === "order.refund");
    assertEquals(audit.length, 1);
    assertEquals(audit[0].actor.role, "system");
    assert(audit[0].summary.includes("made outside the shop"), audit[0].summary);
    const mails = (await t.services.outbox.list()).filter((m) => m.subject.includes("refunded"));
    assertEquals(mails.length, 1);
  }),
);

Deno.test(
  "[api] the Refund button after a refund made in Stripe's dashboard records it (was a 502)",
  withFakeStripe(async (t, fake) => {
    const clerk = await loginAs(t, "admin");
    const order = await paidThroughStripe(t, fake);
    await refundAtStripe(t, order.paymentIntentId!, order.totalCents);
    const res = await t.api.request(`/api/orders/${order.id}/refund`, {
      method: "POST",
      headers: clerk.headers,
    });
    const body = await assertJsonResponse(res, 200) as { paymentStatus: string };
    assertEquals(body.paymentStatus, "refunded");
    assertEquals(fake.refunds.length, 1, "no second refund asked of Stripe");
    const docs = await t.services.invoices.ofOrder(order.id);
    assertEquals(docs.map((d) => d.kind), ["invoice", "credit_note"]);
  }),
);

Deno.test(
  "[api] Stripe's charge.refunded for staff's own refund, before the shop has recorded it, is not taken for a refund made outside",
  withFakeStripe(async (t, fake) => {
    const clerk = await loginAs(t, "admin");
    const order = await paidThroughStripe(t, fake);
    fake.control.refundAnswerDelayMs = 400; // the refund made at Stripe, its answer still on the way
    const refunding = t.api.request(`/api/orders/${order.id}/refund`, {
      method: "POST",
      headers: clerk.headers,
    });
    while (fake.refunds.length === 0) await new Promise((r) => setTimeout(r, 10));
    const { payload, header } = await chargeRefunded(
      "evt_own_refund",
      order.paymentIntentId!,
      order.totalCents,
    );
    const early = await postWebhook(t.api, payload, header);
    assertEquals(early.status, 409, "refused, so that Stripe delivers it again");
    await early.body?.cancel();

    const body = await assertJsonResponse(await refunding, 200) as { paymentStatus: string };
    assertEquals(body.paymentStatus, "refunded");
    const again = await assertJsonResponse(await postWebhook(t.api, payload, header), 200);
    assertEquals(again, { received: true, result: "unchanged" });

    const audit = (await t.services.audit.forRecord("order", order.id))
      .filter((a) => a.action === "order.refund");
    assertEquals(audit.length, 1);
    assertEquals(audit[0].actor.role, "admin");
    assert(!audit[0].summary.includes("outside"), audit[0].summary);
    const docs = await t.services.invoices.ofOrder(order.id);
    assertEquals(docs.map((d) => d.kind), ["invoice", "credit_note"]);
  }),
);
