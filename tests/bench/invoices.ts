/**
 * Invoices at scale: INVOICES paid orders (default 10,000) written through the order store
 * into a KV file, so each issues its invoice in its own commit as in production; then prints
 * the cost an invoice adds to an order write, Factur-X PDF (PDF/A-3b with its CII) and UBL
 * p50/p99 over PDFS documents spread over all of them (default 1,000), and the time and memory
 * of the period's CSV export and ZIP of PDFs and UBLs (read as they stream).
 * `deno task bench:invoices`.
 */
import process from "node:process";
import { createApiApp } from "../../src/api/app.ts";
import type { NewOrder } from "../../src/domain/order.ts";
import { createServices } from "../../src/services/container.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";
import { openKv } from "../../src/store/kv.ts";
import { loginAs } from "../_lib/admin.ts";
import { testConfig } from "../_lib/services.ts";

const INVOICES = Number(Deno.env.get("INVOICES") ?? 10_000);
const RUNS = Number(Deno.env.get("RUNS") ?? 200);
const PDFS = Number(Deno.env.get("PDFS") ?? 1_000);
const BATCH = 25;

const dir = await Deno.makeTempDir({ prefix: "bench-invoices-" });
const kvPath = `${dir}/invoices.kv`;
const kv = await openKv(kvPath);
const services = createServices(kv, testConfig({ kvPath }));
await seedIfEmpty(services, () => {});
const api = createApiApp(services);

const order = (i: number, paid: boolean): NewOrder => ({
  customer: {
    firstName: `Łukasz${i}`,
    lastName: "Wiśniewski",
    email: `b${i}@example.com`,
    phone: "",
  },
  shippingAddress: {
    address: `${i} rue du Test`,
    city: "Toulouse",
    state: "Occitanie",
    zipCode: "31000",
    country: "France",
  },
  items: [
    { id: "p", title: "Vectra board", priceCents: 60_000, quantity: 1, image: "" },
    { id: "q", title: "Isolated probe", priceCents: 1_999, quantity: 2, image: "" },
  ],
  subtotalCents: 63_998,
  shippingFeeCents: 990,
  totalCents: 64_988,
  currency: "EUR",
  paymentMethod: "online",
  paymentStatus: paid ? "paid" : "pending",
  status: "processing",
  shippingCountry: ["Tunisia", "France", "Poland", "France"][i % 4],
  shippingFeeDetails: { country: "France", feeCents: 990, currency: "EUR" },
  createdAt: new Date().toISOString(),
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const line = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(34)} p50 ${pct(xs, 0.5).toFixed(1)} ms  p99 ${pct(xs, 0.99).toFixed(1)} ms`,
  );

// What an invoice adds to an order write: unpaid orders (no invoice) against paid ones.
const timed = async (paid: boolean, n: number) => {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await services.orders.create(order(i, paid));
    times.push(performance.now() - start);
  }
  return times;
};
line("order create, no invoice", await timed(false, RUNS));
line("order create, with its invoice", await timed(true, RUNS));

const seedStart = performance.now();
for (let i = RUNS; i < INVOICES; i += BATCH) {
  const n = Math.min(BATCH, INVOICES - i);
  await Promise.all(
    Array.from({ length: n }, (_, k) => services.orders.create(order(i + k, true))),
  );
}
console.log(
  `issued ${INVOICES} invoices (${BATCH} racing orders at a time) in ${
    ((performance.now() - seedStart) / 1000).toFixed(1)
  } s`,
);

const { headers } = await loginAs({ kv, services, api }, "seeded");
const year = new Date().getFullYear();
/** Staff's download of `PDFS` documents spread over the year's invoices, in that format. */
async function downloads(label: string, format: "pdf" | "ubl") {
  const times: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let r = 0; r < Math.min(PDFS, INVOICES); r++) {
    const n = `F${year}-${String(1 + ((r * 7919) % INVOICES)).padStart(6, "0")}`;
    const start = performance.now();
    const res = await api.request(`/api/invoices/${n}/${format}`, { headers });
    if (res.status !== 200) throw new Error(`${n}: ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  // CPU time as well: on a shared machine the wall-clock times count the other processes' turns.
  const cpu = process.cpuUsage(cpuStart);
  line(label, times);
  console.log(
    `${"".padEnd(34)} CPU ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(1)} ms each`,
  );
}
await downloads(`Factur-X PDF (${Math.min(PDFS, INVOICES)} of ${INVOICES})`, "pdf");
await downloads("UBL XML", "ubl");

/** Streams a download as a browser saving it would, sampling memory after collections. */
async function download(label: string, path: string) {
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
  collect();
  const heapBase = Deno.memoryUsage().heapUsed;
  let heapPeak = heapBase;
  let ticks = 0;
  const timer = setInterval(() => {
    if (++ticks % 10 === 0) {
      collect();
      heapPeak = Math.max(heapPeak, Deno.memoryUsage().heapUsed);
    }
  }, 20);
  const start = performance.now();
  const res = await api.request(path, { headers });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += chunk.byteLength;
  clearInterval(timer);
  console.log(
    `${label.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(2)} s, ${
      (bytes / 1048576).toFixed(1)
    } MB, peak live heap +${((heapPeak - heapBase) / 1048576).toFixed(1)} MB`,
  );
}
await download(`CSV of ${INVOICES} invoices`, "/api/invoices/export.csv");
await download(`ZIP of ${INVOICES} PDFs and UBLs`, "/api/invoices/export.zip");

await services.restock.stop();
await services.mailer.stop();
kv.close();
await Deno.remove(dir, { recursive: true });
