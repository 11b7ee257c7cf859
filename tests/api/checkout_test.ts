import { COMMIT_GRACE_MS } from "../../src/domain/checkout.ts";
import {
  type CardError,
  cardErrorText,
  checkoutProblemDialog as problemDialog,
  PAYMENT_WORDS,
  paymentErrorDialog as errorDialog,
} from "../../src/domain/payment-errors.ts";

/** The dialogs in the spec's English. */
const paymentErrorDialog = (error: string | null | undefined) => errorDialog(error, PAYMENT_WORDS);
const checkoutProblemDialog = (problem: Parameters<typeof problemDialog>[0]) =>
  problemDialog(problem, PAYMENT_WORDS);
import { SANDBOX_CARDS, sandboxToken } from "../../src/domain/sandbox-cards.ts";
import { assert, assertEquals, assertJsonResponse, assertStringIncludes } from "../_lib/assert.ts";
import {
  confirmPayment,
  createIntent,
  expireReservation,
  intentBody,
  payWithToken,
  productByName,
  publicStock,
} from "../_lib/checkout.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

const BOARD = "Vectra DSP Board";

Deno.test("[api] POST /api/stripe/create-payment-intent prices on the server and holds nothing", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const body = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 2 }]));
    assertEquals(body.success, true);
    assertStringIncludes(body.clientSecret, "_secret_");
    assert(body.paymentIntentId.startsWith("pi_"));
    const intent = await services.sandbox!.retrieveIntent(body.paymentIntentId);
    assertEquals(intent?.amountCents, 120990, "1200.00 + 9.90 shipping to France, in cents");
    assertEquals(intent?.currency, "eur");
    assertEquals(
      await services.sandbox!.captureIntent(body.paymentIntentId).then((i) => i.status),
      "requires_payment_method",
      "an unpaid intent cannot be captured",
    );
    assertEquals(
      await publicStock(api, services, board.id),
      board.stock,
      "an unpaid checkout takes nothing off sale",
    );
  }));

Deno.test("[api] POST /api/stripe/create-payment-intent refuses a client amount that disagrees", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const cheap = intentBody([{ id: board.id, price: 1, quantity: 1 }]);
    const body = await createIntent(api, cheap, 422);
    assertEquals(body.success, false);
    assertEquals(body.error, "amount_mismatch");
    assertStringIncludes(body.message!, "Vectra DSP Board is now €600.00");
    assertStringIncludes(body.message!, "Nothing was charged");

    const wrongAmount = intentBody([{ id: board.id, price: 600, quantity: 1 }]);
    wrongAmount.amount = 600; // without shipping
    assertStringIncludes((await createIntent(api, wrongAmount, 422)).message!, "amount is €609.90");

    const wrongFee = intentBody([{ id: board.id, price: 600, quantity: 1 }], { fee: 0 });
    assertStringIncludes(
      (await createIntent(api, wrongFee, 422)).message!,
      "shipping fee is €9.90",
    );
    assertEquals(await publicStock(api, services, board.id), board.stock, "nothing reserved");
  }));

Deno.test("[api] POST /api/stripe/create-payment-intent answers 4xx JSON for bad input", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const unknown = await createIntent(
      api,
      intentBody([{ id: "nope", price: 1, quantity: 1 }]),
      422,
    );
    assertEquals(unknown.error, "unknown_product");

    const japan = await createIntent(
      api,
      intentBody([{ id: board.id, price: 600, quantity: 1 }], { country: "Japan", fee: 39 }),
      422,
    );
    assertEquals(japan.message, "We do not ship to Japan", "an inactive fee counts as none");

    const zero = await createIntent(
      api,
      intentBody([{ id: board.id, price: 600, quantity: 0 }]),
      400,
    );
    assertStringIncludes(zero.message!, "Quantity must be at least 1");

    const atlantis = await createIntent(
      api,
      intentBody([{ id: board.id, price: 600, quantity: 1 }], { country: "Atlantis" }),
      400,
    );
    assertEquals(atlantis.message, "Invalid country: Atlantis. Please use a valid country name.");

    const missing = intentBody([{ id: board.id, price: 600, quantity: 1 }]);
    missing.orderData.customer = { ...missing.orderData.customer, email: "" };
    const noEmail = await createIntent(api, missing, 400);
    assertEquals(noEmail.error, "validation_error");

    const dollars = { ...intentBody([{ id: board.id, price: 600, quantity: 1 }]), currency: "usd" };
    await createIntent(api, dollars, 400);

    const notJson = await api.request(
      "/api/stripe/create-payment-intent",
      jsonRequest("POST", "{"),
    );
    assertEquals((await assertJsonResponse(notJson, 400) as { success: boolean }).success, false);
    await createIntent(api, { amount: "600" }, 400);
  }));

Deno.test("[api] reservations are all or nothing and 'not enough stock' names the product", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const kit = await productByName(services, "Encoder & Hall Sensor Kit"); // stock 0
    const both = intentBody([
      { id: board.id, price: 600, quantity: 1 },
      { id: kit.id, price: 39, quantity: 1 },
    ]);
    const refused = await createIntent(api, both, 422);
    assertEquals(refused.error, "not_enough_stock");
    assertEquals(refused.message, "Not enough stock for Encoder & Hall Sensor Kit");
    assertEquals(
      await publicStock(api, services, board.id),
      board.stock,
      "the board line was not held",
    );

    const tooMany = await createIntent(
      api,
      intentBody([{ id: board.id, price: 600, quantity: board.stock + 1 }]),
      422,
    );
    assertEquals(tooMany.message, `Not enough stock for ${BOARD} (${board.stock} available)`);
  }));

Deno.test("[api] a sandbox purchase becomes one order; a repeated confirm changes nothing", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const intent = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 2 }]));
    const early = await confirmPayment(api, intent.paymentIntentId, 422);
    assertEquals(early.error, "payment_not_completed", "no order before the card is paid");

    const paid = await payWithToken(api, intent.clientSecret, sandboxToken("4242 4242 4242 4242")!);
    const pi = await assertJsonResponse(paid, 200) as { paymentIntent: { status: string } };
    assertEquals(pi.paymentIntent.status, "requires_capture", "authorized, not charged yet");

    const stranger = await confirmPayment(api, intent.paymentIntentId, 404, "eve@example.com");
    assertEquals(stranger.success, false, "a payment id alone does not reveal or make the order");
    const bare = await api.request(
      "/api/stripe/confirm-payment",
      jsonRequest("POST", { paymentIntentId: intent.paymentIntentId }),
    );
    await assertJsonResponse(bare, 400);
    assertEquals((await services.orders.list()).length, 0);

    const first = await confirmPayment(api, intent.paymentIntentId);
    assertEquals(first.success, true);
    const order = first.order;
    assertEquals(order.orderNumber, "ORD-000001");
    assertEquals(order.paymentMethod, "online");
    assertEquals(order.paymentStatus, "paid");
    assertEquals(order.status, "pending");
    assertEquals(order.subtotal, 1200);
    assertEquals(order.shippingFee, 9.9);
    assertEquals(order.total, 1209.9);
    assertEquals(order.currency, "EUR");
    assertEquals(order.shippingCountry, "France");
    assertEquals(order.shippingFeeDetails, { country: "France", fee: 9.9, currency: "EUR" });
    assertEquals(order.items, [{
      id: board.id,
      title: BOARD,
      price: 600,
      quantity: 2,
      images: { front: board.image },
    }]);
    assertEquals((order.customer as { email: string }).email, "ada@example.com");

    assertEquals(
      (await services.sandbox!.retrieveIntent(intent.paymentIntentId))?.status,
      "succeeded",
      "captured once the stock was taken",
    );
    const again = await confirmPayment(api, intent.paymentIntentId);
    assertEquals(again.order, order);
    await confirmPayment(api, intent.paymentIntentId, 404, "eve@example.com");
    assertEquals((await services.orders.list()).length, 1);
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 2);
    assertEquals(await publicStock(api, services, board.id), board.stock - 2, "sold units");
    const mails = await services.outbox.list();
    assertEquals(mails.map((m) => m.to).sort(), ["ada@example.com", "shop@localhost"]);
  }));

Deno.test("[api] every sandbox error card is refused with the error its dialog expects", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const expected: Record<string, string> = {
      "4000000000000002": "Your card was declined. Please try a different payment method.",
      "4000000000009995":
        "Insufficient funds. Please check your account balance or try a different card.",
      "4000000000000069": "Your card has expired. Please use a different card.",
      "4000000000000127": "The security code (CVC) is incorrect. Please check and try again.",
      "4000000000000119": "There was a processing error. Please try again or contact your bank.",
      "4000002500003155":
        "Additional authentication is required. Please complete the verification process.",
    };
    for (const [number, text] of Object.entries(expected)) {
      assert(SANDBOX_CARDS[number], `${number} is a sandbox card`);
      const intent = await createIntent(
        api,
        intentBody([{ id: board.id, price: 600, quantity: 1 }]),
      );
      const res = await payWithToken(api, intent.clientSecret, sandboxToken(number)!);
      const body = await assertJsonResponse(res, 402) as CardError & { error: string };
      assertEquals(body.error, "card_error");
      assertEquals(paymentErrorDialog(cardErrorText(body)).text, text, number);
      const confirm = await confirmPayment(api, intent.paymentIntentId, 422);
      assertEquals(paymentErrorDialog(confirm.message).text, text, `${number} on confirm`);
      // Try Again on the same intent with a good card succeeds while the stock is held.
      await assertJsonResponse(await payWithToken(api, intent.clientSecret, "pm_card_visa"), 200);
      assertEquals((await confirmPayment(api, intent.paymentIntentId)).success, true);
    }
    assertEquals((await services.orders.list()).length, 6);
    const wrongSecret = await payWithToken(api, "pi_sbx_x_secret_y", "pm_card_visa");
    await assertJsonResponse(wrongSecret, 404);
    const cardNumber = await payWithToken(api, "pi_sbx_x_secret_y", "4242424242424242");
    await assertJsonResponse(cardNumber, 400);
  }));

Deno.test("[api] the last unit goes to the first authorized buyer; the other is not charged", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    await services.products.update(board.id, { stock: 1 });
    const line = [{ id: board.id, price: 600, quantity: 1 }];
    const first = await createIntent(api, intentBody(line));
    const second = await createIntent(api, intentBody(line, { email: "grace@example.com" }));
    assertEquals(await publicStock(api, services, board.id), 1, "open checkouts hold nothing");
    for (const i of [second, first]) {
      await assertJsonResponse(await payWithToken(api, i.clientSecret, "pm_card_visa"), 200);
    }
    const won = await confirmPayment(api, second.paymentIntentId, 200, "grace@example.com");
    assertEquals(won.order.needsRefund, undefined);
    const lost = await confirmPayment(api, first.paymentIntentId, 409);
    assertEquals(lost.error, "sold_out_not_charged");
    assertEquals(
      lost.message,
      `Not enough stock for ${BOARD}: it sold out while you were paying. The payment was cancelled: your card was not charged.`,
    );
    const dialog = checkoutProblemDialog({ code: lost.error!, message: lost.message! });
    assertEquals(dialog.title, "Not Enough Stock");
    assertEquals(dialog.footer, "Nothing was charged.");
    assertEquals(
      (await services.sandbox!.retrieveIntent(first.paymentIntentId))?.status,
      "canceled",
      "the authorization is released",
    );
    assertEquals(
      (await confirmPayment(api, first.paymentIntentId, 422)).error,
      "payment_intent_canceled",
    );
    assertEquals((await services.orders.list()).length, 1);
    assertEquals((await services.products.get(board.id))?.stock, 0, "never below zero");
    const refused = await createIntent(api, intentBody(line, { email: "h@example.com" }), 422);
    assertEquals(refused.message, `Not enough stock for ${BOARD}`);
  }));

Deno.test("[api] a payment completing after expiry still becomes an order when stock allows", () =>
  withServices(async ({ api, services, kv }) => {
    const board = await productByName(services, BOARD);
    const intent = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
    const r = await services.reservations.byPaymentIntent(intent.paymentIntentId);
    await expireReservation(kv, r!.id);
    await assertJsonResponse(await payWithToken(api, intent.clientSecret, "pm_card_visa"), 200);
    const { order } = await confirmPayment(api, intent.paymentIntentId);
    assertEquals(order.needsRefund, undefined);
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);
    // Authorized long after its checkout ended: canceled, not charged.
    const late = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
    await assertJsonResponse(await payWithToken(api, late.clientSecret, "pm_card_visa"), 200);
    const lr = await services.reservations.byPaymentIntent(late.paymentIntentId);
    await expireReservation(kv, lr!.id, COMMIT_GRACE_MS + 1000);
    assertEquals(
      (await confirmPayment(api, late.paymentIntentId, 409)).error,
      "sold_out_not_charged",
    );
    assertEquals(
      (await services.sandbox!.retrieveIntent(late.paymentIntentId))?.status,
      "canceled",
    );
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);
    assertEquals(
      (await services.checkout.sweep()).released,
      0,
      "completed: nothing left to release",
    );
  }));

Deno.test("[api] a released reservation's payment intent is canceled: a late payment is refused", () =>
  withServices(async ({ api, services, kv }) => {
    const board = await productByName(services, BOARD);
    const intent = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 1 }]));
    const r = await services.reservations.byPaymentIntent(intent.paymentIntentId);
    await expireReservation(kv, r!.id);
    assertEquals((await services.checkout.sweep()).released, 1, "the tidy-up sweep releases it");
    assertEquals((await services.checkout.sweep()).released, 0, "once");
    assertEquals((await services.reservations.get(r!.id))?.status, "released");
    assertEquals(
      (await services.checkout.provider.retrieveIntent(r!.paymentIntentId!))?.status,
      "canceled",
    );
    await services.checkout.provider.cancelIntent(r!.paymentIntentId!); // idempotent
    const late = await payWithToken(api, intent.clientSecret, "pm_card_visa");
    const refused = await assertJsonResponse(late, 422) as { message: string };
    assertStringIncludes(refused.message, "the checkout expired");
    await confirmPayment(api, intent.paymentIntentId, 422);
    assertEquals((await services.orders.list()).length, 0);
    assertEquals((await services.products.get(board.id))?.stock, board.stock);
  }));

Deno.test("[api] create-payment-intent is rate limited per client with a 429", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const line = [{ id: board.id, price: 600, quantity: 1 }];
    let status = 200;
    for (let i = 0; i < 21 && status === 200; i++) {
      // One buyer changing the cart again and again: replaced holds, then the rate limit.
      const res = await api.request(
        "/api/stripe/create-payment-intent",
        jsonRequest("POST", intentBody(line)),
      );
      status = res.status;
      const body = await res.json();
      if (i < 20) assertEquals(status, 200, body.message);
      else assertEquals(body.message, "Too many requests. Please try again later.");
    }
    assertEquals(status, 429);
    assertEquals(await publicStock(api, services, board.id), board.stock);
  }));

Deno.test("[api] release and confirmation racing: one wins, stock moves at most once, nothing charged without an order", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    let orders = 0;
    for (let round = 0; round < 6; round++) {
      const intent = await createIntent(
        api,
        intentBody([{ id: board.id, price: 600, quantity: 1 }]),
      );
      await payWithToken(api, intent.clientSecret, "pm_card_visa");
      const r = await services.reservations.byPaymentIntent(intent.paymentIntentId);
      const confirm = () =>
        services.checkout.confirmPayment(intent.paymentIntentId, "ada@example.com")
          .then(() => true, (err) => {
            // Refused at the commit, or the release canceled the intent first.
            assert(["sold_out_not_charged", "payment_intent_canceled"].includes(err.code));
            return false;
          });
      const [, a, b] = await Promise.all([services.checkout.release(r!.id), confirm(), confirm()]);
      assertEquals(a, b, "both confirm calls see the same outcome");
      const after = await services.reservations.get(r!.id);
      const pi = await services.sandbox!.retrieveIntent(intent.paymentIntentId);
      if (a) {
        orders++;
        assertEquals([after?.status, pi?.status], ["completed", "succeeded"]);
      } else assertEquals([after?.status, pi?.status], ["released", "canceled"]);
    }
    assertEquals((await services.orders.list()).length, orders);
    assertEquals((await services.products.get(board.id))?.stock, board.stock - orders);
  }));

Deno.test("[api] a crash between the stock commit and the capture: the sweep captures and orders", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, BOARD);
    const line = [{ id: board.id, price: 600, quantity: 1 }];
    const intent = await createIntent(api, intentBody(line));
    await payWithToken(api, intent.clientSecret, "pm_card_visa");
    // The server took the stock, then died before capturing.
    assertEquals((await services.reservations.commit(intent.paymentIntentId)).kind, "committed");
    assertEquals(
      (await services.sandbox!.retrieveIntent(intent.paymentIntentId))?.status,
      "requires_capture",
    );
    assertEquals(await services.checkout.sweep(), { completed: 1, released: 0 });
    assertEquals(
      (await services.sandbox!.retrieveIntent(intent.paymentIntentId))?.status,
      "succeeded",
    );
    const order = await services.orders.getByPaymentIntent(intent.paymentIntentId);
    assertEquals(order?.needsRefund, undefined);
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);

    // Committed, then the authorization was canceled (it expired): the units come back.
    const other = await createIntent(api, intentBody(line, { email: "grace@example.com" }));
    await payWithToken(api, other.clientSecret, "pm_card_visa");
    await services.reservations.commit(other.paymentIntentId);
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 2);
    await services.sandbox!.cancelIntent(other.paymentIntentId);
    assertEquals(await services.checkout.sweep(), { completed: 0, released: 0 });
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 1);
    assertEquals((await services.orders.list()).length, 1);
  }));
