import { COMMIT_GRACE_MS } from "../../src/domain/checkout.ts";
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

    assertEquals(await services.checkout.sweep(), { completed: 1, released: 0 });
    const order = await services.orders.getByPaymentIntent(paid.paymentIntentId);
    assert(order && !order.needsRefund, "the paid checkout is an order, with its stock");
    assertEquals((await services.outbox.pending()).length, 2, "its two mails are queued");
    const unpaidHold = await services.reservations.byPaymentIntent(unpaid.paymentIntentId);
    assertEquals(unpaidHold?.status, "active", "the unpaid checkout stays open");

    // Sweeping again, then the buyer's own confirm call: still that one order.
    assertEquals(await services.checkout.sweep(), { completed: 0, released: 0 });
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
    assertEquals(await services.checkout.sweep(), { completed: 1, released: 0 });
    assertEquals((await services.reservations.get(r!.id))?.status, "completed");
    const order = await services.orders.getByPaymentIntent(intent.paymentIntentId);
    assertEquals(order?.needsRefund, undefined, "the stock was still free");

    const stale = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
    await assertJsonResponse(await payWithToken(api, stale.clientSecret, "pm_card_visa"), 200);
    const sr = await services.reservations.byPaymentIntent(stale.paymentIntentId);
    await expireReservation(kv, sr!.id, COMMIT_GRACE_MS + 1000);
    assertEquals(await services.checkout.sweep(), { completed: 0, released: 1 });
    assertEquals((await services.reservations.get(sr!.id))?.status, "released");
    assertEquals(
      (await services.sandbox!.retrieveIntent(stale.paymentIntentId))?.status,
      "canceled",
      "the authorization is released: not charged",
    );
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);
  }));
