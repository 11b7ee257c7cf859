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

Deno.test("[api] checkout sweep: a paid checkout nobody confirmed becomes one order; unpaid ones wait", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const body = intentBody([{ id: board.id, price: 600, quantity: 1 }]);
    const paid = await createIntent(api, body);
    const unpaid = await createIntent(api, body);
    await assertJsonResponse(await payWithToken(api, paid.clientSecret, "pm_card_visa"), 200);

    assertEquals(await services.checkout.sweep(), { completed: 1, released: 0 });
    const order = await services.orders.getByPaymentIntent(paid.paymentIntentId);
    assert(order && !order.needsRefund, "the paid checkout is an order, with its stock");
    assertEquals((await services.outbox.pending()).length, 2, "its two mails are queued");
    const unpaidHold = await services.reservations.byPaymentIntent(unpaid.paymentIntentId);
    assertEquals(unpaidHold?.status, "active", "the unpaid checkout keeps its hold");

    // Sweeping again, then the buyer's own confirm call: still that one order.
    assertEquals(await services.checkout.sweep(), { completed: 0, released: 0 });
    const confirmed = await confirmPayment(api, paid.paymentIntentId);
    assertEquals(confirmed.order.orderNumber, order.orderNumber);
    assertEquals((await services.orders.list()).length, 1);
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);
  }));

Deno.test("[api] checkout sweep: an expired checkout whose payment succeeded becomes an order, not a release", () =>
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
  }));
