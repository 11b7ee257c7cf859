import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { type OrderSketch, sketchOrder } from "../_lib/orders.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";
import { createAnalytics } from "../../src/services/analytics.ts";

const P1 = { id: "p1", title: "Board", priceCents: 5000 };
const P2 = { id: "p2", title: "Scope", priceCents: 20000 };

/**
 * The hand-computed fixture (shop time zone Europe/Paris, UTC+1 in winter). Order A is placed at
 * 23:30 Paris time on 31 October (22:30 UTC): October. Order B at 00:30 Paris on 1 November.
 */
const FIXTURE: Record<string, OrderSketch> = {
  A: {
    at: "2026-10-31T22:30:00.000Z",
    email: "ada@example.com",
    country: "France",
    lines: [{ ...P1, quantity: 2 }],
    feeCents: 1000,
    gender: "female",
  },
  B: {
    at: "2026-10-31T23:30:00.000Z",
    email: "bob@example.com",
    country: "Germany",
    lines: [{ ...P2, quantity: 1 }],
    feeCents: 1500,
    gender: "male",
  },
  C: {
    at: "2026-11-05T12:00:00.000Z",
    email: "ADA@example.com",
    country: "France",
    lines: [{ ...P1, quantity: 1 }],
    feeCents: 1000,
    method: "delivery",
    paymentStatus: "pending",
  },
  D: {
    at: "2026-11-10T12:00:00.000Z",
    email: "carl@example.com",
    country: "Tunisia",
    lines: [{ ...P2, quantity: 1 }],
    feeCents: 2000,
  },
  E: {
    at: "2026-11-12T12:00:00.000Z",
    email: "dora@example.com",
    country: "France",
    lines: [{ ...P1, quantity: 1 }],
    feeCents: 1000,
  },
  // Deleted below: unpaid (a paid order has an invoice and is cancelled, never deleted).
  F: {
    at: "2026-11-15T12:00:00.000Z",
    email: "bob@example.com",
    country: "Spain",
    lines: [{ ...P1, quantity: 4 }],
    feeCents: 1200,
    paymentStatus: "pending",
  },
  G: {
    at: "2026-11-20T12:00:00.000Z",
    email: "ada@example.com",
    country: "France",
    lines: [{ ...P1, quantity: 3 }],
    feeCents: 1000,
    method: "delivery",
    paymentStatus: "pending",
    gender: "female",
  },
};

const call = async (t: TestContext, who: SignedIn, path: string, method = "GET", body?: unknown) =>
  await t.api.request(
    path,
    body === undefined ? { method, headers: who.headers } : jsonRequest(method, body, who.headers),
  );

async function data(t: TestContext, who: SignedIn, path: string) {
  const json = await assertJsonResponse(await call(t, who, path), 200) as {
    success: boolean;
    data: Record<string, unknown>;
  };
  assertEquals(json.success, true);
  return json.data;
}

/** Stores the fixture, then changes it the way staff would: through the API. */
async function loadFixture(t: TestContext, boss: SignedIn) {
  const ids: Record<string, string> = {};
  for (const [name, sketch] of Object.entries(FIXTURE)) {
    ids[name] = (await t.services.orders.createWith(sketchOrder(sketch))).id;
  }
  const ok = async (path: string, method: string, body?: unknown) => {
    const res = await call(t, boss, path, method, body);
    assert(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
    await res.body?.cancel();
  };
  await ok(`/api/orders/${ids.A}/status`, "PUT", { status: "delivered" });
  await ok(`/api/orders/${ids.B}/status`, "PUT", { status: "processing" });
  await ok(`/api/orders/${ids.D}/status`, "PUT", { status: "cancelled" });
  await ok(`/api/orders/${ids.E}/status`, "PUT", { status: "confirmed" });
  // A full refund (what the Refund action records).
  await t.services.orders.update(ids.E, (o) => ({
    ...o,
    paymentStatus: "refunded",
    refund: { at: "2026-11-13T10:00:00.000Z", amountCents: o.totalCents, id: "re_1" },
  }));
  await ok(`/api/orders/${ids.F}`, "DELETE");
  await ok(`/api/orders/${ids.G}/payment`, "PUT", { paymentStatus: "paid" });
  await ok(`/api/orders/${ids.G}/status`, "PUT", { status: "shipped" });
  return ids;
}

/** The analytics service as it answers at `now` (its month and year are the shop's). */
const analyticsAt = (t: TestContext, now: string) =>
  createAnalytics({
    stats: t.services.orderStats,
    orders: t.services.orders,
    products: t.services.products,
    subscribers: t.services.subscribers,
    stockNotifications: t.services.stockNotifications,
    timeZone: "Europe/Paris",
    now: () => Date.parse(now),
  });

const NOVEMBER = "startDate=2026-11-01&endDate=2026-11-30";
const OCTOBER = "startDate=2026-10-01&endDate=2026-10-31";

Deno.test("[api] analytics: figures match the hand-computed fixture", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "superadmin");
    await loadFixture(t, boss);

    // November: B 215 + G 160 paid; C unpaid, D cancelled, E refunded, F deleted.
    const orders = await data(t, boss, `/api/analytics/order-analytics?${NOVEMBER}`);
    assertEquals(orders.summary, {
      pendingOrders: 1,
      totalRevenue: 375,
      totalOrders: 5,
      averageOrderValue: 187.5,
      totalUnitsSold: 4,
    });
    assertEquals(orders.orderStatusDistribution, [
      { status: "cancelled", count: 1, percentage: 20 },
      { status: "confirmed", count: 1, percentage: 20 },
      { status: "pending", count: 1, percentage: 20 },
      { status: "processing", count: 1, percentage: 20 },
      { status: "shipped", count: 1, percentage: 20 },
    ]);
    assertEquals(orders.paymentMethodDistribution, [
      { method: "online", count: 3, percentage: 60 },
      { method: "delivery", count: 2, percentage: 40 },
    ]);

    const products = await data(t, boss, `/api/analytics/product-performance?${NOVEMBER}`);
    assertEquals(products.products, [
      { _id: "p2", name: "Scope", totalRevenue: 200, totalSold: 1, orderCount: 2 },
      { _id: "p1", name: "Board", totalRevenue: 150, totalSold: 3, orderCount: 3 },
    ]);
    const top1 = await data(t, boss, `/api/analytics/product-performance?${NOVEMBER}&limit=1`);
    assertEquals((top1.products as unknown[]).length, 1);

    const countries = await data(t, boss, `/api/analytics/geographic-sales?${NOVEMBER}`);
    assertEquals(countries.countries, [
      { _id: "Germany", orders: 1, revenue: 215 },
      { _id: "France", orders: 3, revenue: 160 },
      { _id: "Tunisia", orders: 1, revenue: 0 },
    ]);
    const genders = await data(t, boss, `/api/analytics/sales-by-gender?${NOVEMBER}`);
    assertEquals(genders.genders, [
      { gender: "male", totalRevenue: 215, orderCount: 1 },
      { gender: "female", totalRevenue: 160, orderCount: 1 },
      { gender: "unspecified", totalRevenue: 0, orderCount: 3 },
    ]);

    // October holds A only: 23:30 Paris on its last day.
    const october = await data(t, boss, `/api/analytics/order-analytics?${OCTOBER}`);
    assertEquals(october.summary, {
      pendingOrders: 1,
      totalRevenue: 110,
      totalOrders: 1,
      averageOrderValue: 110,
      totalUnitsSold: 2,
    });

    const days = await data(
      t,
      boss,
      "/api/dashboard/sales-over-time?startDate=2026-10-31&endDate=2026-11-02",
    );
    assertEquals(days.salesData, [
      { _id: "2026-10-31", revenue: 110, orders: 1 },
      { _id: "2026-11-01", revenue: 215, orders: 1 },
      { _id: "2026-11-02", revenue: 0, orders: 0 },
    ]);

    // ada (A, C, G) is the one repeat customer of four; bob's second order was deleted.
    const customers = await data(t, boss, "/api/analytics/customer-analytics");
    assertEquals(customers.customers, { total: 4, repeatCustomers: 1, repeatRate: 25 });

    const stats = await data(t, boss, "/api/dashboard/stats");
    assertEquals(stats.total, { orders: 6, revenue: 485 });
    assertEquals(stats.pendingOrders, 1);
    assertEquals(stats.topProducts, [
      { _id: "Board", productId: "p1", totalSold: 5, totalRevenue: 250 },
      { _id: "Scope", productId: "p2", totalSold: 1, totalRevenue: 200 },
    ]);
    assertEquals(stats.orderStatuses, [
      { _id: "cancelled", count: 1 },
      { _id: "confirmed", count: 1 },
      { _id: "delivered", count: 1 },
      { _id: "pending", count: 1 },
      { _id: "processing", count: 1 },
      { _id: "shipped", count: 1 },
    ]);
    assertEquals(stats.paymentMethods, [{ _id: "online", count: 4 }, {
      _id: "delivery",
      count: 2,
    }]);
    assertEquals((stats.recentOrders as { customer: { email: string } }[]).length, 5);

    // Month and year are the shop's, at a fixed "now" (25 November 2026, Paris).
    const dashboard = await analyticsAt(t, "2026-11-25T12:00:00Z").dashboardStats();
    assertEquals(dashboard.month, { orders: 5, revenue: 375 });
    assertEquals(dashboard.year, { orders: 6, revenue: 485 });
    // The first minute of December in Paris is still 30 November in UTC.
    const december = await analyticsAt(t, "2026-11-30T23:30:00Z").dashboardStats();
    assertEquals(december.month, { orders: 0, revenue: 0 });

    assertEquals(await t.services.orderStats.rebuild({ write: false }), []);
  }, { seed: false }));

Deno.test("[api] analytics: bad dates are refused with a clear message", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "superadmin");
    for (
      const [query, message] of [
        ["startDate=2026-13-01", "startDate must be a date (YYYY-MM-DD)"],
        ["startDate=2026-02-30", "startDate must be a date (YYYY-MM-DD)"],
        ["endDate=yesterday", "endDate must be a date (YYYY-MM-DD)"],
        ["startDate=2026-11-10&endDate=2026-11-01", "endDate must not be before startDate"],
        ["startDate=1900-01-01", "startDate must be between 2000-01-01 and 2100-12-31"],
      ]
    ) {
      for (
        const path of [
          "/api/dashboard/sales-over-time",
          "/api/analytics/order-analytics",
          "/api/analytics/product-performance",
          "/api/analytics/sales-by-gender",
          "/api/analytics/geographic-sales",
        ]
      ) {
        const body = await assertJsonResponse(await call(t, boss, `${path}?${query}`), 400) as {
          message: string;
          errors?: { message: string }[];
        };
        const said = [body.message, ...(body.errors ?? []).map((e) => e.message)].join(" | ");
        assert(said.includes(message), `${path}?${query}: ${said}`);
      }
    }
    const limit = await call(t, boss, "/api/analytics/product-performance?limit=0");
    await assertJsonResponse(limit, 400);
  }, { seed: false }));

Deno.test("[api] analytics: an admin gets the dashboard, not the analytics", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const stats = await data(t, clerk, "/api/dashboard/stats");
    assertEquals(stats.total, { orders: 0, revenue: 0 });
    const res = await call(t, clerk, "/api/analytics/order-analytics");
    await assertJsonResponse(res, 403);
  }, { seed: false }));

Deno.test("[api] analytics: manual orders without an email are no customers (repeat rate 50%, not 66.67%)", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const board = (await t.services.products.list()).find((p) => p.name.includes("DSP Board"))!;
    const order = (email: string) => ({
      customer: { firstName: "Walk", lastName: "In", email, phone: "" },
      shippingAddress: { address: "1 Rue X", city: "Tunis", state: "", zipCode: "" },
      items: [{ id: board.id, quantity: 1 }],
      shippingCountry: "Tunisia",
      paymentMethod: "delivery",
    });
    // ada twice (once in capitals), bob once, and four counter sales with no email.
    for (const email of ["ada@example.com", "ADA@example.com", "bob@example.com", "", "", "", ""]) {
      const res = await call(t, boss, "/api/orders/admin", "POST", order(email));
      assertEquals(res.status, 201, await res.clone().text());
      await res.body?.cancel();
    }
    const insights = await data(t, boss, "/api/analytics/customer-analytics");
    assertEquals(insights.customers, { total: 2, repeatCustomers: 1, repeatRate: 50 });
    // Every order still counts as an order.
    const stats = await data(t, boss, "/api/dashboard/stats");
    assertEquals((stats.total as { orders: number }).orders, 7);
    // The rebuild (`deno task analytics:rebuild`) agrees with what the writes kept.
    assertEquals(await t.services.orderStats.rebuild({ write: false }), []);
  }));
