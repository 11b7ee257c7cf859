import { openKv } from "../../src/store/kv.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import {
  confirmPayment,
  createIntent,
  intentBody,
  payWithToken,
  postWebhook,
  sandboxWebhookSecret,
  signedEvent,
} from "../_lib/checkout.ts";
import { type RunningServer, serverApi, startBuiltServer } from "../_lib/server.ts";
import { smtpSink, waitFor } from "../_lib/smtp.ts";
import { createOrderStore } from "../../src/store/orders.ts";
import { createOutboxStore } from "../../src/store/outbox.ts";
import { createProductStore } from "../../src/store/products.ts";

const BOARD = "Vectra DSP Board";

/** A buyer of its own (one address each: per-client checkout limits do not add up). */
let buyers = 0;
const buyer = (server: RunningServer) => serverApi(server, `198.51.100.${++buyers}`);

/** Creates the intent and has the (sandbox) provider authorize the card; no confirm call. */
async function pay(api: ReturnType<typeof serverApi>, body: ReturnType<typeof intentBody>) {
  const intent = await createIntent(api, body);
  const paid = await payWithToken(api, intent.clientSecret, "pm_card_visa");
  assertEquals(paid.status, 200);
  assertEquals((await paid.json()).paymentIntent.status, "requires_capture");
  return intent.paymentIntentId;
}

const ENV = { TRUST_PROXY: "true" };

Deno.test({
  name:
    "[server] SIGKILL after the payment, before confirm-payment, with mails pending: one order each, each mail once",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "shop-crash-" });
    const kvPath = `${dir}/shop.kv`;
    // First life: no mail relay configured, so every mail waits in the outbox.
    const first = await startBuiltServer(ENV, { kvPath });
    const kv = await openKv(kvPath);
    const smtp = await smtpSink();
    let second: RunningServer | null = null;
    try {
      const products = createProductStore(kv);
      const board = (await products.list()).find((p) => p.name === BOARD)!;
      await products.update(board.id, { stock: 5 });
      const body = intentBody([{ id: board.id, price: 600, quantity: 1 }]);

      // Buyer 1 finishes; buyer 2's card is authorized, then the server dies before confirming.
      const one = buyer(first);
      await confirmPayment(one, await pay(one, body));
      const two = buyer(first);
      const paidOnly = await pay(two, body);
      await first.kill();

      const orders = createOrderStore(kv);
      const outbox = createOutboxStore(kv);
      assertEquals((await orders.list()).length, 1, "before the restart: one order");
      assertEquals((await outbox.pending()).length, 2, "its two mails are pending");

      second = await startBuiltServer({ ...ENV, SMTP_URL: smtp.url }, { kvPath });
      // The start-up sweep finds the authorized payment with no order: stock, capture, order.
      await waitFor(async () => (await orders.list()).length === 2, "the swept order");
      const swept = await orders.getByPaymentIntent(paidOnly);
      assert(swept, "the paid checkout became an order");
      assert(!swept.needsRefund, "with its stock");

      // The buyer's late confirm call, then the provider's webhook: the same order, no other.
      const late = await confirmPayment(serverApi(second, "198.51.100.200"), paidOnly);
      assertEquals(late.order.orderNumber, swept.orderNumber);
      const event = await signedEvent({
        id: "evt_crash_1",
        type: "payment_intent.succeeded",
        intent: {
          id: paidOnly,
          status: "succeeded",
          amount: 60990,
          metadata: {},
        },
      }, await sandboxWebhookSecret(kv));
      const hook = await postWebhook(serverApi(second), event.payload, event.header);
      assertEquals(hook.status, 200);
      assertEquals((await hook.json()).result, "existing");
      assertEquals((await orders.list()).length, 2, "exactly one order per payment");
      assertEquals((await products.get(board.id))!.stock, 3);

      // Four mails (two per order), the pending ones from before the crash included, once each.
      await waitFor(async () => (await outbox.pending()).length === 0, "an empty outbox");
      await waitFor(() => smtp.received.length >= 4, "four mails");
      const ids = smtp.received.map((m) => m.messageId);
      assertEquals(ids.length, 4, "no mail twice");
      assertEquals(new Set(ids).size, 4);
      assert((await outbox.list()).every((e) => e.status === "sent" && e.attempts === 1));
    } finally {
      kv.close();
      await first.kill();
      await second?.stop();
      await smtp.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  name:
    "[server] SIGTERM during mail delivery: the sender stops after the message it is on, the rest go after the restart",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "shop-stop-" });
    const kvPath = `${dir}/shop.kv`;
    const ORDERS = 8;
    const first = await startBuiltServer(ENV, { kvPath });
    const kv = await openKv(kvPath);
    const slow = await smtpSink(0, 300);
    const fast = await smtpSink();
    let second: RunningServer | null = null;
    let third: RunningServer | null = null;
    try {
      const products = createProductStore(kv);
      const board = (await products.list()).find((p) => p.name === BOARD)!;
      await products.update(board.id, { stock: ORDERS });
      const body = intentBody([{ id: board.id, price: 600, quantity: 1 }]);
      for (let i = 0; i < ORDERS; i++) {
        const api = buyer(first);
        await confirmPayment(api, await pay(api, body));
      }
      assertEquals(await first.stop(), 0);
      const outbox = createOutboxStore(kv);
      assertEquals((await outbox.pending()).length, 2 * ORDERS);

      // A slow relay: stopped while it sends, the server finishes that message and exits.
      second = await startBuiltServer({ ...ENV, SMTP_URL: slow.url }, { kvPath });
      await waitFor(() => slow.received.length >= 1, "the first mail");
      assertEquals(await second.stop(), 0, "a clean exit");
      const left = (await outbox.pending()).length;
      assert(left > 0, "mails not reached yet wait in the outbox");
      assertEquals(left + slow.received.length, 2 * ORDERS, "every mail sent or pending");

      third = await startBuiltServer({ ...ENV, SMTP_URL: fast.url }, { kvPath });
      await waitFor(async () => (await outbox.pending()).length === 0, "an empty outbox");
      await waitFor(() => slow.received.length + fast.received.length >= 2 * ORDERS, "all mail");
      const ids = [...slow.received, ...fast.received].map((m) => m.messageId);
      assertEquals(ids.length, 2 * ORDERS, "no mail twice");
      assertEquals(new Set(ids).size, 2 * ORDERS);
    } finally {
      kv.close();
      await first.stop();
      await second?.stop();
      await third?.stop();
      await Promise.all([slow.close(), fast.close()]);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
