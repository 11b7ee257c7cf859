import { openKv } from "../../src/store/kv.ts";
/**
 * Dashboard and analytics at scale: ORDERS orders (default 100,000) over two years, 30 products,
 * 40 countries, written straight into a KV file and aggregated by the rebuild (what
 * `deno task analytics:rebuild` does), then p50/p99 of every figure call staff make: the
 * dashboard's stats, a year of sales over time, each analytics call over the whole range.
 * Last, the cost the aggregates add to one order write: p50/p99 of WRITES order creates and
 * status changes with and without them. `deno task bench:analytics`.
 */
import { createApiApp } from "../../src/api/app.ts";
import { newId } from "../../src/domain/ids.ts";
import { formatOrderNumber, type NewOrder, type Order } from "../../src/domain/order.ts";
import { ORDER_STATUSES } from "../../src/domain/order-status.ts";
import { shopDay } from "../../src/domain/shop-time.ts";
import { createServices } from "../../src/services/container.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";
import { createOrderStatsStore } from "../../src/store/order-stats.ts";
import { createOrderStore } from "../../src/store/orders.ts";
import { loginAs } from "../_lib/admin.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { testConfig } from "../_lib/services.ts";

const ORDERS = Number(Deno.env.get("ORDERS") ?? 100_000);
const RUNS = Number(Deno.env.get("RUNS") ?? 50);
const WRITES = Number(Deno.env.get("WRITES") ?? 300);
const TWO_YEARS = 2 * 365 * 86_400_000;
const PRODUCTS = Array.from({ length: 30 }, (_, i) => ({
  id: `product-${i}`,
  title: `Product ${i}`,
  priceCents: 1000 + i * 1750,
}));
const COUNTRIES = Array.from({ length: 40 }, (_, i) => `Country ${i}`);
const GENDERS = ["female", "male", "other", undefined];

function sketch(i: number, now: number): NewOrder {
  return sketchOrder({
    at: new Date(now - Math.floor((i / ORDERS) * TWO_YEARS)).toISOString(),
    email: `buyer${i % 30_000}@example.com`,
    country: COUNTRIES[i % COUNTRIES.length],
    lines: [
      { ...PRODUCTS[i % 30], quantity: 1 + (i % 3) },
      ...(i % 4 === 0 ? [{ ...PRODUCTS[(i * 7 + 3) % 30], quantity: 1 }] : []),
    ].filter((l, k, all) => all.findIndex((x) => x.id === l.id) === k),
    feeCents: 990,
    method: i % 3 === 0 ? "delivery" : "online",
    paymentStatus: i % 5 === 4 ? "pending" : "paid",
    status: ORDER_STATUSES[i % ORDER_STATUSES.length],
    gender: GENDERS[i % GENDERS.length],
  });
}

const stored = (data: NewOrder, n: number): Order => ({
  ...data,
  schemaVersion: 1,
  id: newId(),
  orderNumber: formatOrderNumber(n),
  updatedAt: data.createdAt,
});

function percentiles(times: number[]) {
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return `p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms`;
}

const dir = await Deno.makeTempDir({ prefix: "bench-analytics-" });
const kvPath = `${dir}/shop.kv`;
const kv = await openKv(kvPath);
const services = createServices(kv, testConfig({ kvPath }));
await seedIfEmpty(services, () => {});
const api = createApiApp(services);

const seedStart = performance.now();
const now = Date.now();
for (let i = 0; i < ORDERS; i += 200) {
  const op = kv.atomic();
  for (let k = i; k < Math.min(ORDERS, i + 200); k++) {
    const o = stored(sketch(k, now), k + 1);
    op.set(["order", o.id], o);
  }
  await op.commit();
}
const rebuildStart = performance.now();
const differences = await services.orderStats.rebuild({ write: true });
console.log(
  `seeded ${ORDERS} orders in ${((rebuildStart - seedStart) / 1000).toFixed(1)} s; ` +
    `rebuild wrote ${differences.length} aggregate records in ` +
    `${((performance.now() - rebuildStart) / 1000).toFixed(1)} s`,
);

const { headers } = await loginAs({ kv, services, api }, "seeded");
async function measure(label: string, path: string) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const res = await api.request(path, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  console.log(`${label.padEnd(40)} ${percentiles(times)}`);
}

const today = shopDay(now, services.config.shopTimeZone);
const yearAgo = shopDay(now - 364 * 86_400_000, services.config.shopTimeZone);
const whole = `startDate=${
  shopDay(now - TWO_YEARS, services.config.shopTimeZone)
}&endDate=${today}`;
await measure("dashboard stats", "/api/dashboard/stats");
await measure(
  "sales-over-time, one year",
  `/api/dashboard/sales-over-time?startDate=${yearAgo}&endDate=${today}`,
);
for (
  const call of [
    "product-performance",
    "order-analytics",
    "sales-by-gender",
    "geographic-sales",
    "customer-analytics",
  ]
) {
  await measure(`${call}, two years`, `/api/analytics/${call}?${whole}`);
}
await measure("real-time-metrics", "/api/analytics/real-time-metrics");

// The cost of the aggregates on one write, on a KV file of its own.
async function writeCost(withStats: boolean) {
  const path = `${dir}/writes-${withStats}.kv`;
  const wkv = await openKv(path);
  const stats = createOrderStatsStore(wkv, services.config.shopTimeZone);
  const orders = createOrderStore(wkv, withStats ? [stats.hook] : []);
  const creates: number[] = [];
  const updates: number[] = [];
  const ids: string[] = [];
  for (let i = 0; i < WRITES; i++) {
    const start = performance.now();
    ids.push((await orders.createWith(sketch(i * 331, now))).id);
    creates.push(performance.now() - start);
  }
  for (let i = 0; i < WRITES; i++) {
    const start = performance.now();
    await orders.update(ids[i], (o) => ({ ...o, status: "shipped", paymentStatus: "paid" }));
    updates.push(performance.now() - start);
  }
  wkv.close();
  const label = withStats ? "with aggregates" : "without aggregates";
  console.log(`${`order create, ${label}`.padEnd(40)} ${percentiles(creates)}`);
  console.log(`${`status change, ${label}`.padEnd(40)} ${percentiles(updates)}`);
}
await writeCost(false);
await writeCost(true);

await services.restock.stop();
await services.mailer.stop();
kv.close();
await Deno.remove(dir, { recursive: true });
