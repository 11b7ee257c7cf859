/**
 * Bank reconciliation at scale: ORDERS open orders on account (default 10,000) in a KV, and a
 * camt.053 statement of as many credits (each quoting its order's RF reference; one in ten by
 * amount and payer only, one in twenty unmatched). Prints the wall and process CPU time of
 * reading and matching the statement against the index of orders on account (parse + match,
 * the "< 3 s") and the peak RSS while doing it, for 1,000 credits and for all; then the
 * whole import of IMPORT credits, which records each payment in its own audited commit with the
 * buyer's mail. `deno task bench:reconcile`.
 */
import process from "node:process";
import type { NewOrder } from "../../src/domain/order.ts";
import { orderReference } from "../../src/domain/order-account.ts";
import { parseCamt053 } from "../../src/services/camt053.ts";
import { createServices } from "../../src/services/container.ts";
import { openKv } from "../../src/store/kv.ts";
import { log } from "../../src/services/log.ts";
import { camt053, type TestCredit } from "../_lib/camt053.ts";
import { testConfig } from "../_lib/services.ts";

const ORDERS = Number(Deno.env.get("ORDERS") ?? 10_000);
/** The full import records each payment (a commit, an audit entry, a mail): timed on fewer. */
const IMPORT = Number(Deno.env.get("IMPORT") ?? 1_000);
const kv = await openKv(":memory:");
const services = createServices(kv, testConfig());
// Mails stay in the outbox: no line per mail on the console.
log.setLevel("warn");
const SYSTEM = { id: "bench", email: "", role: "system" as const };

const order = (i: number): NewOrder => ({
  customer: { firstName: "Ada", lastName: `Buyer${i}`, email: `b${i}@example.com`, phone: "" },
  shippingAddress: {
    address: `${i} rue du Test`,
    city: "Toulouse",
    state: "",
    zipCode: "31000",
    country: "France",
  },
  items: [{ id: "p", title: "Vectra board", priceCents: 60_000 + i, quantity: 1, image: "" }],
  subtotalCents: 60_000 + i,
  shippingFeeCents: 0,
  totalCents: 60_000 + i,
  currency: "EUR",
  paymentMethod: "transfer",
  paymentStatus: "pending",
  status: "processing",
  shippingCountry: "France",
  shippingFeeDetails: { country: "France", feeCents: 0, currency: "EUR" },
  business: { companyName: `Laboratoire ${i}` },
  createdAt: new Date().toISOString(),
} as NewOrder);

const created = [];
for (let i = 0; i < ORDERS; i++) {
  const o = await services.orders.create(order(i));
  created.push(
    await services.orders.update(o.id, (x) => ({
      ...x,
      account: {
        terms: "before_shipping",
        termsDays: 0,
        reference: orderReference(x.orderNumber),
        payments: [],
      },
    })),
  );
}
const credits: TestCredit[] = created.map((o, i) =>
  i % 20 === 19
    ? { ref: `B${i}`, cents: 1234, payer: "Nobody" }
    : i % 10 === 9
    ? { ref: `B${i}`, cents: o.totalCents, payer: `LABORATOIRE ${i} SARL` }
    : { ref: `B${i}`, cents: o.totalCents, rf: o.account!.reference, payer: "Lab" }
);
/** The process's peak resident memory since the last reset, in MB (Linux). */
const peakRss = () =>
  (Number(/VmHWM:\s+(\d+)/.exec(Deno.readTextFileSync("/proc/self/status"))?.[1]) / 1024)
    .toFixed(0);
const rss = () => (Deno.memoryUsage().rss / 1024 / 1024).toFixed(0);

for (const n of [...new Set([Math.min(1_000, credits.length), credits.length])]) {
  const bytes = new TextEncoder().encode(
    camt053(credits.slice(0, n), { version: "08", id: `BENCH-${n}` }),
  );
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = rss();
  // Resets the peak (VmHWM) to the current RSS: the peak below is this step's.
  Deno.writeTextFileSync("/proc/self/clear_refs", "5");
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const statement = parseCamt053(bytes);
  const parsedMs = performance.now() - start;
  let matched = 0;
  for (const c of statement.credits) if (await services.bankReconciliation.match(c)) matched++;
  const matchMs = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${n} credits (${(bytes.length / 1024 / 1024).toFixed(1)} MB): parse ${
      parsedMs.toFixed(0)
    } ms, parse + match ${matchMs.toFixed(0)} ms wall, ${
      ((cpu.user + cpu.system) / 1000).toFixed(0)
    } ms process CPU (${matched} matched); RSS ${rssBefore} MB, peak ${peakRss()} MB`,
  );
}

const some = new TextEncoder().encode(
  camt053(credits.slice(0, IMPORT), { version: "08", id: "BENCH-SOME" }),
);
const importCpu0 = process.cpuUsage();
const start = performance.now();
const report = await services.bankReconciliation.import(SYSTEM, some);
const importMs = performance.now() - start;
const importCpu = process.cpuUsage(importCpu0);
console.log(
  `full import of ${IMPORT} credits (each payment its own commit, audit, mail): ${
    importMs.toFixed(0)
  } ms wall (${(importMs / IMPORT).toFixed(1)} ms a credit), ${
    ((importCpu.user + importCpu.system) / 1000).toFixed(0)
  } ms process CPU, ${JSON.stringify(report.counts)}`,
);
await services.mailer.stop();
await services.orderTracking.stop();
await services.restock.stop();
await services.newsletterSender.stop();
kv.close();
