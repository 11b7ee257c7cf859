import { COMMIT_GRACE_MS } from "../../src/domain/checkout.ts";
import { newId } from "../../src/domain/ids.ts";
import type { Reservation } from "../../src/domain/reservation.ts";
import { createOrderStore } from "../../src/store/orders.ts";
import { createReservationStore } from "../../src/store/reservations.ts";
import { assertEquals } from "../_lib/assert.ts";
import { productByName } from "../_lib/checkout.ts";
import { withServices } from "../_lib/services.ts";

function reservation(id: string, items: { id: string; quantity: number }[], ttlMs = 60_000) {
  return {
    schemaVersion: 1,
    id,
    status: "active",
    paymentIntentId: `pi_${id}`,
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

Deno.test("[store] checkouts: opening one holds no stock", () =>
  withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    for (let i = 0; i < 5; i++) {
      await services.reservations.open(reservation(`r${i}`, [{ id: board.id, quantity: 10_000 }]));
    }
    services.catalog.invalidate();
    const res = await api.request(`/api/public/products/${board.id}`);
    assertEquals((await res.json() as { stock: number }).stock, board.stock);
  }));

Deno.test("[store] checkouts: 60 concurrent commits of 10 units, then two instances: never oversold", () =>
  withServices(async ({ services, kv }) => {
    const board = await productByName(services, "Vectra DSP Board");
    await services.products.update(board.id, { stock: 10 });
    for (let i = 0; i < 60; i++) {
      await services.reservations.open(reservation(`r${i}`, [{ id: board.id, quantity: 1 }]));
    }
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => services.reservations.commit(`pi_r${i}`)),
    );
    assertEquals(outcomes.filter((o) => o.kind === "committed").length, 10);
    assertEquals(outcomes.filter((o) => o.kind === "no_stock").length, 50);
    assertEquals((await services.products.get(board.id))?.stock, 0);
    // Which ten win is not asserted: each commit reads its checkout before it queues, and
    // those reads finish in any order under load (the test once asserted "the first ten",
    // and failed 1 run in 5 on a busy machine).
    const again = await services.reservations.commit("pi_r0");
    assertEquals(again.kind, "committed", "idempotent");
    assertEquals((await services.products.get(board.id))?.stock, 0, "taken once");

    // Two instances (two committers) on one KV, 25 units, 80 buyers split across both.
    await services.products.update(board.id, { stock: 25 });
    const other = createReservationStore(kv, createOrderStore(kv));
    for (let i = 0; i < 80; i++) {
      await services.reservations.open(reservation(`s${i}`, [{ id: board.id, quantity: 1 }]));
    }
    const split = await Promise.all(
      Array.from(
        { length: 80 },
        (_, i) => (i % 2 ? other : services.reservations).commit(`pi_s${i}`),
      ),
    );
    assertEquals(split.filter((o) => o.kind === "committed").length, 25);
    assertEquals((await services.products.get(board.id))?.stock, 0);
  }));

Deno.test("[store] checkouts: one checkout committed twice at once (confirm call and webhook) takes its units once", () =>
  withServices(async ({ services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    await services.products.update(board.id, { stock: 5 });
    const first = await services.reservations.open(
      reservation("d0", [{ id: board.id, quantity: 1 }]),
    );
    const twice = await services.reservations.open(
      reservation("d1", [{ id: board.id, quantity: 2 }]),
    );
    // The first commit's batch is under way; both settles of "d1" queue behind it and met in
    // the next batch, which granted "d1" twice: 2 units more gone, one checkout (the launch
    // that once ended 399 orders for 400 units, with the sweep settling beside a buyer).
    const outcomes = await Promise.all([
      services.reservations.commit("pi_d0", undefined, first),
      services.reservations.commit("pi_d1", undefined, twice),
      services.reservations.commit("pi_d1", undefined, twice),
    ]);
    assertEquals(outcomes.map((o) => o.kind), ["committed", "committed", "committed"]);
    assertEquals((await services.products.get(board.id))?.stock, 2, "5 - 1 - 2");
  }));

Deno.test("[store] checkouts: a line short of stock commits nothing; released and stale ones are closed", () =>
  withServices(async ({ services, kv }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const kit = await productByName(services, "Encoder & Hall Sensor Kit"); // stock 0
    await services.reservations.open(
      reservation("both", [{ id: board.id, quantity: 1 }, { id: kit.id, quantity: 1 }]),
    );
    const short = await services.reservations.commit("pi_both");
    assertEquals(short.kind, "no_stock");
    assertEquals(short.kind === "no_stock" && short.productName, kit.name);
    assertEquals((await services.products.get(board.id))?.stock, board.stock);

    await services.reservations.open(reservation("gone", [{ id: board.id, quantity: 1 }]));
    await services.reservations.releaseReservation("gone");
    assertEquals((await services.reservations.commit("pi_gone")).kind, "closed");

    const stale = reservation("stale", [{ id: board.id, quantity: 1 }], -COMMIT_GRACE_MS - 1000);
    await services.reservations.open(stale);
    assertEquals((await services.reservations.commit("pi_stale")).kind, "closed");
    assertEquals((await services.reservations.commit("pi_nobody")).kind, "unknown");
    assertEquals((await services.products.get(board.id))?.stock, board.stock);

    // A committed checkout whose authorization ended gives its units back, once.
    await services.reservations.open(reservation("back", [{ id: board.id, quantity: 2 }]));
    assertEquals((await services.reservations.commit("pi_back")).kind, "committed");
    assertEquals((await services.products.get(board.id))?.stock, board.stock - 2);
    assertEquals(await services.reservations.uncommit("back"), true);
    assertEquals(await services.reservations.uncommit("back"), false);
    assertEquals((await services.products.get(board.id))?.stock, board.stock);
    assertEquals((await services.reservations.get("back"))?.status, "released");
    assertEquals((await kv.get(["reservation_expiry", stale.expiresAt, "stale"])).value, true);
  }));

Deno.test("[store] checkouts: the purge deletes finished ones made before its bound, a bounded batch a call, each looked at once", () =>
  withServices(async ({ services, kv }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const ids = Array.from({ length: 5 }, () => newId());
    for (const id of ids) {
      await services.reservations.open(reservation(id, [{ id: board.id, quantity: 1 }]));
    }
    for (const id of ids.slice(0, 4)) await services.reservations.releaseReservation(id);
    const before = Date.now() + 1;
    const purge = () => services.reservations.purgeFinished(before, 2);
    assertEquals([await purge(), await purge(), await purge(), await purge()], [2, 2, 0, 0]);
    const left = [];
    for await (const e of kv.list({ prefix: ["reservation"] })) left.push(e.key[1]);
    assertEquals(left, [ids[4]], "the open one is the sweep's");
    // Made after the bound: not looked at.
    while (Date.now() < before) await new Promise((r) => setTimeout(r, 1));
    const late = newId();
    await services.reservations.open(reservation(late, [{ id: board.id, quantity: 1 }]));
    await services.reservations.releaseReservation(late);
    assertEquals(await purge(), 0);
    assertEquals((await services.reservations.get(late))?.status, "released");
  }));
