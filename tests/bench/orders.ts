import { openKv } from "../../src/store/kv.ts";
/**
 * Orders back office at scale: seeds ORDERS orders (default 100,000) spread over two years into a
 * KV file through the order store (so every index is written as in production), then prints p50/p99
 * of the API calls staff make: first page, status filter, email search, one order's detail, and the
 * CSV export of every order (time and peak RSS growth). `deno task bench:orders`.
 */
import type { NewOrder } from "../../src/domain/order.ts";
import { createApiApp } from "../../src/api/app.ts";
import { createServices } from "../../src/services/container.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";
import { loginAs } from "../_lib/admin.ts";
import { testConfig } from "../_lib/services.ts";

const ORDERS = Number(Deno.env.get("ORDERS") ?? 100_000);
const RUNS = Number(Deno.env.get("RUNS") ?? 50);
const BATCH = 25;
const TWO_YEARS = 2 * 365 * 86_400_000;
const STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;

const dir = await Deno.makeTempDir({ prefix: "bench-orders-" });
const kvPath = `${dir}/orders.kv`;
const kv = await openKv(kvPath);
const services = createServices(kv, testConfig({ kvPath }));
await seedIfEmpty(services, () => {});
const api = createApiApp(services);

function order(i: number, now: number): NewOrder {
  const status = STATUSES[i % STATUSES.length];
  return {
    customer: {
      firstName: `First${i}`,
      lastName: `Last${i % 997}`,
      email: `buyer${i}@example.com`,
      phone: "+33612345678",
    },
    shippingAddress: {
      address: `${i} rue du Test`,
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
    paymentMethod: i % 3 === 0 ? "delivery" : "online",
    paymentStatus: status === "cancelled" ? "failed" : "paid",
    status,
    shippingCountry: "France",
    shippingFeeDetails: { country: "France", feeCents: 990, currency: "EUR" },
    createdAt: new Date(now - Math.floor((i / ORDERS) * TWO_YEARS)).toISOString(),
  };
}

const seedStart = performance.now();
const now = Date.now();
const ids: string[] = [];
for (let i = 0; i < ORDERS; i += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, ORDERS - i) }, (_, k) => order(i + k, now));
  const created = await Promise.all(batch.map((o) => services.orders.create(o)));
  if (i % 5000 === 0) ids.push(created[0].id);
  if (i % 10_000 === 0) console.log(`  seeded ${i}`);
}
console.log(`seeded ${ORDERS} orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

const { headers } = await loginAs({ kv, services, api }, "seeded");

async function get(path: string) {
  const res = await api.request(path, { headers });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

async function measure(label: string, path: (run: number) => string) {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await get(path(run));
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  console.log(`${label.padEnd(28)} p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms`);
}

await measure("orders, first page", () => "/api/orders");
await measure("orders, status=shipped", () => "/api/orders?status=shipped");
await measure("orders, search by email", (r) => `/api/orders?q=buyer${(r * 1931) % ORDERS}@`);
await measure("order detail", (r) => `/api/orders/${ids[r % ids.length]}`);

// What the export holds: the live heap, sampled after a collection (the task exposes gc), and
// RSS, which also counts garbage not yet collected.
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
collect();
let peak = Deno.memoryUsage().rss;
const base = peak;
const heapBase = Deno.memoryUsage().heapUsed;
let heapPeak = heapBase;
let samples = 0;
const timer = setInterval(() => {
  peak = Math.max(peak, Deno.memoryUsage().rss);
  if (++samples % 10 === 0) {
    collect();
    heapPeak = Math.max(heapPeak, Deno.memoryUsage().heapUsed);
  }
}, 20);
const exportStart = performance.now();
// Read as it streams, as a browser saving the file would: the client holds no copy of it.
const exported = await api.request("/api/orders/export.csv", { headers });
let bytes = 0;
for await (const chunk of exported.body!) bytes += chunk.byteLength;
clearInterval(timer);
console.log(
  `CSV export of ${ORDERS} orders   ${((performance.now() - exportStart) / 1000).toFixed(2)} s, ` +
    `${(bytes / 1048576).toFixed(1)} MB, ` +
    `peak RSS +${((peak - base) / 1048576).toFixed(1)} MB, ` +
    `peak live heap +${((heapPeak - heapBase) / 1048576).toFixed(1)} MB`,
);

await services.restock.stop();
await services.mailer.stop();
kv.close();
await Deno.remove(dir, { recursive: true });
