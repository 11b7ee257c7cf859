import type { Reservation } from "../../src/domain/reservation.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import { productByName } from "../_lib/checkout.ts";
import { withServices } from "../_lib/services.ts";

function reservation(id: string, items: { id: string; quantity: number }[], ttlMs = 60_000) {
  return {
    schemaVersion: 1,
    id,
    status: "active",
    customer: { firstName: "A", lastName: "B", email: "a@b.co", phone: "1" },
    shippingAddress: { address: "x", city: "y", state: "z", zipCode: "1", country: "France" },
    items: items.map((l) => ({ ...l, title: l.id, priceCents: 100, image: "/x.svg" })),
    subtotalCents: 100,
    shippingFeeCents: 0,
    totalCents: 100,
    shippingCountry: "France",
    shippingFeeDetails: { country: "France", feeCents: 0, currency: "EUR" },
    expiresAt: Date.now() + ttlMs,
    createdAt: new Date().toISOString(),
  } satisfies Reservation;
}

Deno.test("[store] reservations: 60 concurrent buyers of 10 units, exactly 10 holds", () =>
  withServices(async ({ services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    await services.products.update(board.id, { stock: 10 });
    const results = await Promise.allSettled(
      Array.from(
        { length: 60 },
        (_, i) =>
          services.reservations.reserve(reservation(`r${i}`, [{ id: board.id, quantity: 1 }])),
      ),
    );
    assertEquals(results.filter((r) => r.status === "fulfilled").length, 10);
    for (const r of results) {
      if (r.status === "rejected") {
        assertEquals(r.reason.message, "Not enough stock for Vectra DSP Board");
      }
    }
    const held = await services.reservations.held();
    assertEquals(held.byProduct.get(board.id), 10);
  }));

Deno.test("[store] reservations: a line short of stock holds nothing at all", () =>
  withServices(async ({ services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const kit = await productByName(services, "Encoder & Hall Sensor Kit");
    let refused = false;
    try {
      await services.reservations.reserve(
        reservation("r1", [{ id: board.id, quantity: 1 }, { id: kit.id, quantity: 1 }]),
      );
    } catch {
      refused = true;
    }
    assert(refused);
    assertEquals((await services.reservations.held()).byProduct.get(board.id) ?? 0, 0);
    assertEquals(await services.reservations.get("r1"), null);
  }));

Deno.test("[store] reservations: expired holds stop counting at once, the sweep only tidies", () =>
  withServices(async ({ services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    await services.products.update(board.id, { stock: 1 });
    await services.reservations.reserve(reservation("short", [{ id: board.id, quantity: 1 }], 30));
    await new Promise((r) => setTimeout(r, 50));
    assertEquals((await services.reservations.held()).byProduct.get(board.id), 0);
    // The next buyer gets the unit although nothing released the first reservation.
    await services.reservations.reserve(reservation("next", [{ id: board.id, quantity: 1 }]));
    assertEquals(await services.reservations.releaseExpired(), 1);
    assertEquals((await services.reservations.get("short"))?.status, "released");
    assertEquals((await services.reservations.get("next"))?.status, "active");
    assertEquals((await services.reservations.held()).byProduct.get(board.id), 1);
  }));

Deno.test("[api] GET /api/public/products/{id} shows a held unit again once its hold expires, no write", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const stock = async () => {
      const res = await api.request(`/api/public/products/${board.id}`);
      return (await res.json() as { stock: number }).stock;
    };
    await services.reservations.reserve(reservation("soon", [{ id: board.id, quantity: 2 }], 300));
    services.catalog.invalidate();
    assertEquals(await stock(), board.stock - 2);
    const before = await services.catalog.version();
    // Past the expiry and the cache's once-a-second recheck; nothing was written meanwhile.
    await new Promise((r) => setTimeout(r, 1100));
    assertEquals(await stock(), board.stock);
    assert(await services.catalog.version() !== before, "caches keyed on the version refresh");
  }));
