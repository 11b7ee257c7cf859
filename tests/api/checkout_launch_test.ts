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
    assertEquals((await services.orders.list()).length, UNITS);
    assertEquals((await services.products.get(board.id))?.stock, 0);
    // Charged exactly the buyers with an order; every other authorization was released.
    const byStatus: Record<string, number> = {};
    for await (const e of kv.list<{ status: string }>({ prefix: ["sandbox_intent"] })) {
      byStatus[e.value.status] = (byStatus[e.value.status] ?? 0) + 1;
    }
    assertEquals(byStatus.succeeded, UNITS);
    assertEquals(byStatus.requires_capture, undefined, "no authorization left hanging");
  }));
