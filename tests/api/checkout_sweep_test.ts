import { COMMIT_GRACE_MS } from "../../src/domain/checkout.ts";
import { KEPT_FOR_MS } from "../../src/services/checkout.ts";
import { atInstant } from "../_lib/clock.ts";
import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import {
  confirmPayment,
  createIntent,
  expireReservation,
  intentBody,
  payWithToken,
  productByName,
} from "../_lib/checkout.ts";
import { withServices } from "../_lib/services.ts";

const BOARD = "Vectra DSP Board";

Deno.test("[api] checkout sweep: an authorized checkout nobody confirmed becomes one order; unpaid ones wait", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const lines = [{ id: board.id, price: 600, quantity: 1 }];
    const paid = await createIntent(api, intentBody(lines));
    // Another buyer: the same buyer coming back would replace their own hold.
    const unpaid = await createIntent(api, intentBody(lines, { email: "grace@example.com" }));
    await assertJsonResponse(await payWithToken(api, paid.clientSecret, "pm_card_visa"), 200);

    assertEquals(await services.checkout.sweep(), { completed: 1, released: 0, purged: 0 });
    const order = await services.orders.getByPaymentIntent(paid.paymentIntentId);
    assert(order && !order.needsRefund, "the paid checkout is an order, with its stock");
    assertEquals((await services.outbox.pending()).length, 2, "its two mails are queued");
    const unpaidHold = await services.reservations.byPaymentIntent(unpaid.paymentIntentId);
    assertEquals(unpaidHold?.status, "active", "the unpaid checkout stays open");

    // Sweeping again, then the buyer's own confirm call: still that one order.
    assertEquals(await services.checkout.sweep(), { completed: 0, released: 0, purged: 0 });
    const confirmed = await confirmPayment(api, paid.paymentIntentId);
    assertEquals(confirmed.order.orderNumber, order.orderNumber);
    assertEquals((await services.orders.list()).length, 1);
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);
  }));

Deno.test("[api] checkout sweep: an expired checkout authorized in time becomes an order; one authorized too late is canceled", () =>
  withServices(async ({ api, services, kv }) => {
    const board = await productByName(services, BOARD);
    const intent = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
    await assertJsonResponse(await payWithToken(api, intent.clientSecret, "pm_card_visa"), 200);
    const r = await services.reservations.byPaymentIntent(intent.paymentIntentId);
    await expireReservation(kv, r!.id);
    assertEquals(await services.checkout.sweep(), { completed: 1, released: 0, purged: 0 });
    assertEquals((await services.reservations.get(r!.id))?.status, "completed");
    const order = await services.orders.getByPaymentIntent(intent.paymentIntentId);
    assertEquals(order?.needsRefund, undefined, "the stock was still free");

    const stale = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
    await assertJsonResponse(await payWithToken(api, stale.clientSecret, "pm_card_visa"), 200);
    const sr = await services.reservations.byPaymentIntent(stale.paymentIntentId);
    await expireReservation(kv, sr!.id, COMMIT_GRACE_MS + 1000);
    assertEquals(await services.checkout.sweep(), { completed: 0, released: 1, purged: 0 });
    assertEquals((await services.reservations.get(sr!.id))?.status, "released");
    assertEquals(
      (await services.sandbox!.retrieveIntent(stale.paymentIntentId))?.status,
      "canceled",
      "the authorization is released: not charged",
    );
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);
  }));

Deno.test("[api] checkout sweep: 30 days on, finished checkouts and never-paid sandbox intents are deleted; the paid intent stays for its refunds", () =>
  withServices(async ({ api, services, kv }) => {
    const board = await productByName(services, BOARD);
    const lines = [{ id: board.id, price: 600, quantity: 1 }];
    const paid = await createIntent(api, intentBody(lines));
    await assertJsonResponse(await payWithToken(api, paid.clientSecret, "pm_card_visa"), 200);
    await confirmPayment(api, paid.paymentIntentId);
    const abandoned = await createIntent(api, intentBody(lines, { email: "grace@example.com" }));
    const open = await createIntent(api, intentBody(lines, { email: "alan@example.com" }));
    const ab = await services.reservations.byPaymentIntent(abandoned.paymentIntentId);
    await expireReservation(kv, ab!.id);
    assertEquals(await services.checkout.sweep(), { completed: 0, released: 1, purged: 0 });
    const count = async (prefix: string) => {
      let n = 0;
      for await (const _ of kv.list({ prefix: [prefix] })) n++;
      return n;
    };
    assertEquals([await count("reservation"), await count("sandbox_intent")], [3, 3]);

    // A month later: the open one is released by this sweep, then the three are deleted.
    const later = Date.now() + KEPT_FOR_MS + 60_000;
    assertEquals(await atInstant(later, () => services.checkout.sweep()), {
      completed: 0,
      released: 1,
      purged: 5,
    });
    assertEquals(await count("reservation"), 0);
    assertEquals(await count("reservation_by_payment"), 0);
    assertEquals(await count("sandbox_intent"), 1, "the paid one");
    assertEquals(await count("sandbox_intent_by_time"), 0);
    assertEquals(
      (await services.sandbox!.retrieveIntent(paid.paymentIntentId))?.status,
      "succeeded",
    );
    assertEquals(await services.sandbox!.retrieveIntent(open.paymentIntentId), null);
    // The order is its own record: still there, and a late duplicate confirm changes nothing.
    const order = await services.orders.getByPaymentIntent(paid.paymentIntentId);
    assert(order, "the order stays");
    assertEquals(
      (await confirmPayment(api, paid.paymentIntentId)).order.orderNumber,
      order.orderNumber,
    );
    assertEquals(await atInstant(later, () => services.checkout.sweep()), {
      completed: 0,
      released: 0,
      purged: 0,
    });
  }));
