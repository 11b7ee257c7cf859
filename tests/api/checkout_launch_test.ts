import { assertEquals } from "../_lib/assert.ts";
import { intentBody, productByName } from "../_lib/checkout.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

const BUYERS = 300;
const UNITS = 40;

Deno.test("[api] launch: 300 concurrent buyers of 40 units, exactly 40 orders, the rest told out of stock, no 5xx", () =>
  withServices(async ({ api, services, kv }) => {
    const board = await productByName(services, "Vectra DSP Board");
    await services.products.update(board.id, { stock: UNITS });
    const results = await Promise.all(Array.from({ length: BUYERS }, async (_, i) => {
      const env = { clientAddress: `10.1.${i >> 8}.${i & 255}` };
      const email = `buyer${i}@example.com`;
      const post = async (path: string, body: unknown) => {
        const res = await api.request(path, jsonRequest("POST", body), env);
        return { status: res.status, body: await res.json() };
      };
      const intent = await post(
        "/api/stripe/create-payment-intent",
        intentBody([{ id: board.id, price: 600, quantity: 1 }], { email }),
      );
      if (intent.status !== 200) return intent;
      await post("/api/sandbox/confirm-card", {
        clientSecret: intent.body.clientSecret,
        paymentMethod: "pm_card_visa",
      });
      return await post("/api/stripe/confirm-payment", {
        paymentIntentId: intent.body.paymentIntentId,
        orderData: { customer: { email } },
      });
    }));
    const statuses = results.map((r) => r.status);
    assertEquals(statuses.filter((s) => s >= 500), [], "no 5xx");
    assertEquals(statuses.filter((s) => s === 200).length, UNITS);
    const refused = results.filter((r) => r.status !== 200);
    assertEquals(
      refused.filter((r) =>
        ["not_enough_stock", "sold_out_not_charged"].includes(r.body.error) &&
        (r.status === 409 || r.status === 422)
      ).length,
      BUYERS - UNITS,
      "every other buyer is told it is out of stock",
    );
    const orders = await services.orders.list();
    assertEquals(orders.length, UNITS);
    assertEquals((await services.products.get(board.id))?.stock, 0);
    // Orders made together in one commit (store/order-steps.ts) are numbered, invoiced, counted
    // in the figures and mailed as one after the other would be.
    const numbers = (list: string[]) =>
      list.map((n) => Number(/(\d+)$/.exec(n)![1])).sort((a, b) => a - b);
    assertEquals(
      numbers(orders.map((o) => o.orderNumber)),
      Array.from({ length: UNITS }, (_, i) => i + 1),
    );
    const invoices = (await Promise.all(orders.map((o) => services.invoices.ofOrder(o.id)))).flat();
    assertEquals(invoices.length, UNITS, "one invoice an order");
    assertEquals(
      numbers(invoices.map((d) => d.number)),
      Array.from({ length: UNITS }, (_, i) => i + 1),
    );
    for (const o of orders) {
      assertEquals(
        invoices.filter((d) => d.orderId === o.id && d.orderNumber === o.orderNumber).length,
        1,
      );
    }
    assertEquals(
      await services.orderStats.rebuild({ write: false }),
      [],
      "the figures are the orders'",
    );
    const mails = await services.outbox.list();
    for (const o of orders) {
      const own = mails.filter((m) => m.subject.includes(o.orderNumber));
      assertEquals(
        own.length,
        2,
        `${o.orderNumber}: the buyer's confirmation and the staff notice`,
      );
      assertEquals(own.filter((m) => m.to === o.customer.email).length, 1);
    }
    // Charged exactly the buyers with an order; every other authorization was released.
    const byStatus: Record<string, number> = {};
    for await (const e of kv.list<{ status: string }>({ prefix: ["sandbox_intent"] })) {
      byStatus[e.value.status] = (byStatus[e.value.status] ?? 0) + 1;
    }
    assertEquals(byStatus.succeeded, UNITS);
    assertEquals(byStatus.requires_capture, undefined, "no authorization left hanging");
  }));
