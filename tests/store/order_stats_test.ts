import { openKv } from "../../src/store/kv.ts";
import fc from "fast-check";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../src/domain/order-status.ts";
import { createOrderStatsStore } from "../../src/store/order-stats.ts";
import { createOrderStore } from "../../src/store/orders.ts";
import { assertEquals } from "../_lib/assert.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { withServices } from "../_lib/services.ts";

// "" and " ": orders without an email (manual orders), which are nobody's.
const EMAILS = ["ada@example.com", "ADA@example.com", "bob@example.com", "cy@example.com", "", " "];
const COUNTRIES = ["France", "Germany", "Tunisia"];
const GENDERS = [undefined, "female", "male", "other"];
const PRODUCTS = [
  { id: "p1", title: "Board", priceCents: 5000 },
  { id: "p2", title: "Scope", priceCents: 19990 },
  { id: "p3", title: "Kit", priceCents: 1234 },
];
/** Instants around two month ends and a DST change (Paris), where day bucketing goes wrong. */
const START = Date.parse("2026-03-27T00:00:00Z");
const instant = fc.integer({ min: 0, max: 40 * 24 * 60 }).map((min) =>
  new Date(START + min * 60_000).toISOString()
);

const createOp = fc.record({
  kind: fc.constant("create" as const),
  at: instant,
  email: fc.constantFrom(...EMAILS),
  country: fc.constantFrom(...COUNTRIES),
  gender: fc.constantFrom(...GENDERS),
  method: fc.constantFrom("online" as const, "delivery" as const),
  paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
  status: fc.constantFrom(...ORDER_STATUSES),
  lines: fc.uniqueArray(
    fc.record({ product: fc.constantFrom(...PRODUCTS), quantity: fc.integer({ min: 1, max: 5 }) }),
    { minLength: 1, maxLength: 3, selector: (l) => l.product.id },
  ),
});
const pick = fc.nat({ max: 1000 });
const editOp = fc.oneof(
  fc.record({
    kind: fc.constant("status" as const),
    pick,
    status: fc.constantFrom(...ORDER_STATUSES),
  }),
  fc.record({
    kind: fc.constant("payment" as const),
    pick,
    paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
  }),
  fc.record({ kind: fc.constant("date" as const), pick, at: instant }),
  fc.record({ kind: fc.constant("email" as const), pick, email: fc.constantFrom(...EMAILS) }),
  fc.record({ kind: fc.constant("refund" as const), pick }),
  fc.record({ kind: fc.constant("delete" as const), pick }),
);
const program = fc.array(fc.oneof({ arbitrary: createOp, weight: 2 }, editOp), {
  minLength: 1,
  maxLength: 40,
});

Deno.test("[store] order stats: after any creates, edits and deletes, the aggregates equal a rebuild", async () => {
  await fc.assert(
    fc.asyncProperty(program, async (ops) => {
      const kv = await openKv(":memory:");
      try {
        const stats = createOrderStatsStore(kv, "Europe/Paris");
        const orders = createOrderStore(kv, [stats.hook]);
        const ids: string[] = [];
        for (const op of ops) {
          if (op.kind === "create") {
            const order = await orders.createWith(sketchOrder({
              ...op,
              feeCents: 990,
              lines: op.lines.map((l) => ({ ...l.product, quantity: l.quantity })),
            }));
            ids.push(order.id);
            continue;
          }
          if (ids.length === 0) continue;
          const id = ids[op.pick % ids.length];
          if (op.kind === "delete") {
            await orders.remove(id);
            ids.splice(ids.indexOf(id), 1);
            continue;
          }
          await orders.update(id, (o) => {
            switch (op.kind) {
              case "status":
                return { ...o, status: op.status };
              case "payment":
                return { ...o, paymentStatus: op.paymentStatus };
              case "date":
                return { ...o, createdAt: op.at };
              case "email":
                return { ...o, customer: { ...o.customer, email: op.email } };
              case "refund":
                return o.refund ? o : {
                  ...o,
                  paymentStatus: "refunded",
                  refund: { at: o.createdAt, amountCents: o.totalCents, id: "re" },
                };
            }
          });
        }
        assertEquals(await stats.rebuild({ write: false }), []);
      } finally {
        kv.close();
      }
    }),
    { numRuns: 60 },
  );
});

Deno.test("[store] order stats: 50 racing status changes leave the aggregates equal to a rebuild", () =>
  withServices(async (t) => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const order = await t.services.orders.createWith(sketchOrder({
        at: `2026-11-0${i + 1}T23:30:00.000Z`,
        email: `buyer${i % 2}@example.com`,
        country: COUNTRIES[i % 3],
        lines: [{ ...PRODUCTS[i % 3], quantity: i + 1 }],
        feeCents: 500,
      }));
      ids.push(order.id);
    }
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.services.orders.update(ids[i % 5], (o) => ({
          ...o,
          status: ORDER_STATUSES[(i * 7) % ORDER_STATUSES.length],
          paymentStatus: i % 3 === 0 ? "pending" : "paid",
        }))),
    );
    assertEquals(await t.services.orderStats.rebuild({ write: false }), []);
    const all = await t.services.orderStats.all();
    assertEquals(all.total.o, 5);
  }, { seed: false }));

Deno.test("[store] order stats: a rebuild repairs damaged aggregates and reports what it fixed", () =>
  withServices(async (t) => {
    await t.services.orders.createWith(sketchOrder({
      at: "2026-11-02T10:00:00.000Z",
      email: "ada@example.com",
      country: "France",
      lines: [{ ...PRODUCTS[0], quantity: 2 }],
      feeCents: 1000,
    }));
    await t.kv.set(["stats_day_total", "2026-11-02"], { o: 9, s: 9, r: 1, u: 1 });
    await t.kv.set(["stats_month", "2020-01"], { total: { o: 1, s: 0, r: 0, u: 0 } });
    const found = await t.services.orderStats.rebuild({ write: true });
    assertEquals(found.map((d) => d.key), [["stats_day_total", "2026-11-02"], [
      "stats_month",
      "2020-01",
    ]]);
    assertEquals(await t.services.orderStats.rebuild({ write: false }), []);
    const day = await t.services.orderStats.dayTotals("2026-11-02", "2026-11-02");
    assertEquals(day.get("2026-11-02"), { o: 1, s: 1, r: 11000, u: 2 });
  }, { seed: false }));

Deno.test("[store] order stats: an order write reads the figures it moves in one round trip", async () => {
  const kv = await openKv(":memory:");
  try {
    // The hook's reads, counted on its own handle (the order's own reads are not its).
    let reads = 0;
    const counted = new Proxy(kv, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "get" || prop === "getMany") {
          return (...args: unknown[]) => {
            reads++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const stats = createOrderStatsStore(counted, "Europe/Paris");
    const orders = createOrderStore(kv, [stats.hook]);
    const sketch = {
      at: "2026-11-27T10:00:00Z",
      email: "ada@example.com",
      country: "France",
      feeCents: 990,
      lines: [{ ...PRODUCTS[0], quantity: 2 }],
    };
    const order = await orders.createWith(sketchOrder({ ...sketch, paymentStatus: "pending" }));
    // A day total, a day, a month, the customer totals and the customer: five reads before.
    assertEquals(reads, 1);
    reads = 0;
    await orders.update(order.id, (o) => ({ ...o, paymentStatus: "paid" }));
    assertEquals(reads, 1);
    assertEquals((await stats.customers()).customers, 1);
  } finally {
    kv.close();
  }
});
