/**
 * The reads a buyer's checkout skips (docs/performance.md, "CPU per buyer"): a step that starts
 * from what an earlier step read or wrote must still answer right when that is stale, since
 * its checked commit then fails and it reads again.
 */
import type { Reservation } from "../../src/domain/reservation.ts";
import { withMemoryKv } from "../_lib/kv.ts";
import { createSandboxIntentStore } from "../../src/store/sandbox-intents.ts";
import { createShippingFeeStore } from "../../src/store/shipping-fees.ts";
import { assertEquals } from "../_lib/assert.ts";
import { productByName } from "../_lib/checkout.ts";
import { withServices } from "../_lib/services.ts";

function checkout(id: string, productId: string): Reservation {
  return {
    schemaVersion: 1,
    id,
    status: "active",
    paymentIntentId: `pi_${id}`,
    customer: { firstName: "A", lastName: "B", email: "a@b.co", phone: "1" },
    shippingAddress: { address: "x", city: "y", state: "z", zipCode: "1", country: "France" },
    items: [{ id: productId, title: "Board", priceCents: 100, quantity: 1, image: "/x.svg" }],
    subtotalCents: 100,
    shippingFeeCents: 0,
    totalCents: 100,
    shippingCountry: "France",
    shippingFeeDetails: { country: "France", feeCents: 0, currency: "EUR" },
    expiresAt: Date.now() + 60_000,
    createdAt: new Date().toISOString(),
  };
}

Deno.test("[store] the order step from a stale stock commit: reads again, one order per payment", () =>
  withServices(async ({ services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const { reservations } = services;
    await reservations.open(checkout("c1", board.id));
    const outcome = await reservations.commit("pi_c1");
    assertEquals(outcome.kind, "committed");
    const committed = outcome.kind === "committed" ? outcome.entry : undefined;
    assertEquals(committed?.value.status, "committed", "the batch hands back what it wrote");
    const complete = () =>
      reservations.complete({
        paymentIntentId: "pi_c1",
        reservationId: "c1",
        committed,
        buildOrder: (r) => ({
          customer: r.customer,
          shippingAddress: r.shippingAddress,
          items: r.items,
          subtotalCents: r.subtotalCents,
          shippingFeeCents: r.shippingFeeCents,
          totalCents: r.totalCents,
          currency: "EUR",
          paymentMethod: "online",
          paymentStatus: "paid",
          status: "processing",
          shippingCountry: r.shippingCountry,
          shippingFeeDetails: r.shippingFeeDetails,
          paymentIntentId: "pi_c1",
          stockHeld: true,
          createdAt: new Date().toISOString(),
        }),
      });
    // Changed since the stock commit (a failed attempt recorded on it): the order still comes.
    await reservations.recordFailure("pi_c1", "evt_1", "declined once");
    const first = await complete();
    assertEquals(first.kind, "created");
    // The same stale entry again: the order exists, nothing new is made.
    const again = await complete();
    assertEquals(again.kind, "existing");
    assertEquals(
      again.kind === "existing" && again.order?.id,
      first.kind === "created" && first.order.id,
    );
    assertEquals((await services.orders.list()).length, 1);
    assertEquals((await reservations.get("c1"))?.status, "completed");
  }));

Deno.test("[store] sandbox intents: a capture after a stale retrieve and a repeated idempotency key answer as they are", async () => {
  await withMemoryKv(async (kv) => {
    const intents = createSandboxIntentStore(kv);
    const made = await intents.create({ amountCents: 100, currency: "eur", metadata: {} }, "k1");
    const same = await intents.create({ amountCents: 100, currency: "eur", metadata: {} }, "k1");
    assertEquals(same.id, made.id, "a key used before answers its intent");
    await intents.update(made.id, (i) => ({ ...i, status: "requires_capture" }));
    assertEquals((await intents.retrieve(made.id))?.status, "requires_capture");
    // Canceled elsewhere after the retrieve (another instance): the capture must not charge it.
    const stored = await kv.get<Record<string, unknown>>(["sandbox_intent", made.id]);
    await kv.set(["sandbox_intent", made.id], { ...stored.value, status: "canceled" });
    assertEquals((await intents.capture(made.id))?.status, "canceled");
    assertEquals((await intents.get(made.id))?.status, "canceled");
  });
});

Deno.test("[store] a country's fee read with the id seen before: a fee made again is read anew", async () => {
  await withMemoryKv(async (kv) => {
    const fees = createShippingFeeStore(kv);
    const first = await fees.create({ country: "Narnia", shippingFee: 5 });
    assertEquals((await fees.getByCountry("narnia"))?.feeCents, 500);
    await fees.update(first.id, { shippingFee: 6 });
    assertEquals((await fees.getByCountry("Narnia"))?.feeCents, 600, "the same fee, changed");
    await fees.remove(first.id);
    assertEquals(await fees.getByCountry("Narnia"), null);
    await fees.create({ country: "Narnia", shippingFee: 7 });
    assertEquals((await fees.getByCountry("Narnia"))?.feeCents, 700, "another fee for it");
  });
});
