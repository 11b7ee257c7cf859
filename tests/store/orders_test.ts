import { withMemoryKv } from "../_lib/kv.ts";
import { assertEquals } from "../_lib/assert.ts";
import type { NewOrder } from "../../src/domain/order.ts";
import { createOrderStore } from "../../src/store/orders.ts";

const order = (paymentIntentId?: string): NewOrder => ({
  customer: { firstName: "Ada", lastName: "L", email: "ada@x.io", phone: "+33612345678" },
  shippingAddress: {
    address: "1 rue",
    city: "Toulouse",
    state: "Occitanie",
    zipCode: "31000",
    country: "France",
  },
  items: [{ id: "p", title: "Board", priceCents: 60000, quantity: 1, image: "/b.svg" }],
  subtotalCents: 60000,
  shippingFeeCents: 990,
  totalCents: 60990,
  currency: "EUR",
  paymentMethod: "online",
  paymentStatus: "paid",
  status: "pending",
  shippingCountry: "France",
  shippingFeeDetails: { country: "France", feeCents: 990, currency: "EUR" },
  createdAt: new Date().toISOString(),
  ...(paymentIntentId ? { paymentIntentId } : {}),
});

Deno.test("[store] orders: concurrent orders get distinct consecutive numbers", async () => {
  await withMemoryKv(async (kv) => {
    const orders = createOrderStore(kv);
    const created = await Promise.all(Array.from({ length: 20 }, () => orders.create(order())));
    const numbers = created.map((o) => o.orderNumber).sort();
    assertEquals(new Set(numbers).size, 20);
    assertEquals(numbers[0], "ORD-000001");
    assertEquals(numbers[19], "ORD-000020");
    assertEquals((await orders.list()).length, 20);
  });
});

Deno.test("[store] orders: one order per payment intent", async () => {
  await withMemoryKv(async (kv) => {
    const orders = createOrderStore(kv);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => orders.create(order("pi_1"))),
    );
    assertEquals(results.filter((r) => r.status === "fulfilled").length, 1);
    assertEquals((await orders.list()).length, 1);
    assertEquals((await orders.getByPaymentIntent("pi_1"))?.paymentIntentId, "pi_1");
  });
});

Deno.test("[store] orders: the hooks of an inner list run side by side, the lists in their order", async () => {
  await withMemoryKv(async (kv) => {
    const seen: string[] = [];
    /** A hook that waits for a read of its own, as the figures and the invoice's counter do. */
    const reading = (name: string) => async () => {
      seen.push(`${name} starts`);
      await kv.get(["stats", name]);
      seen.push(`${name} ends`);
    };
    const orders = createOrderStore(kv, [
      [reading("figures"), reading("invoice")],
      () => {
        seen.push("after");
        return Promise.resolve();
      },
    ]);
    await orders.create(order());
    assertEquals(seen.slice(0, 2), ["figures starts", "invoice starts"], "both start at once");
    // Two reads in flight may come back in either order.
    assertEquals(seen.slice(2, 4).sort(), ["figures ends", "invoice ends"]);
    assertEquals(seen.slice(4), ["after"], "the next list waits for both");
  });
});
