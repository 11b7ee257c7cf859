/**
 * E-reporting at scale: a month of SALES consumer sales (default 10,000; France, distance sales
 * taxed in France and at destination, exports; one in twenty refunded in part), their invoices
 * and credit notes stored in a KV file as the invoice store keeps them; then the time to read the
 * month's documents, aggregate them per day, category and rate, and write the Flux 10 file
 * (goal: under 2 s; wall and process CPU time), and the aggregation and writing alone,
 * documents in memory. Median of RUNS.
 * `deno task bench:ereporting`.
 */
import process from "node:process";
import { eReportOf } from "../../src/domain/e-reporting.ts";
import { eReportingXml } from "../../src/domain/e-reporting-xml.ts";
import {
  documentAmounts,
  formatDocumentNumber,
  type InvoiceDocument,
} from "../../src/domain/invoice.ts";
import { periodOf } from "../../src/domain/reporting-periods.ts";
import { decideTax, type OssState } from "../../src/domain/tax.ts";
import { createServices } from "../../src/services/container.ts";
import { keepDocument } from "../../src/store/invoices.ts";
import { openKv } from "../../src/store/kv.ts";
import { testConfig } from "../_lib/services.ts";
import { REPORTING_SELLER as SELLER } from "../_lib/seller.ts";

const SALES = Number(Deno.env.get("SALES") ?? 10_000);
const RUNS = Number(Deno.env.get("RUNS") ?? 5);
const MONTH = "2027-03";

const under: OssState = { registered: false, crossed: false, yearNetCents: 0 };
const destinations: [string, OssState][] = [
  ["FR", under],
  ["FR", under],
  ["BE", under],
  ["DE", { registered: true }],
  ["CH", under],
];

function document(i: number, kind: InvoiceDocument["kind"], invoice?: InvoiceDocument) {
  const day = `${MONTH}-${String(1 + (i % 31)).padStart(2, "0")}`;
  const [destination, oss] = destinations[i % destinations.length];
  const tax = invoice?.tax ??
    decideTax({ destination, taxPoint: day, buyer: { kind: "consumer" }, oss, shelfCents: 64_988 });
  const order = {
    items: [
      { title: "Vectra board", quantity: 1, priceCents: tax.basis === "net" ? 50_000 : 60_000 },
      { title: "Probe", quantity: 2, priceCents: tax.basis === "net" ? 1_666 : 1_999 },
    ],
    shippingFeeCents: 990,
    totalCents: 0,
  };
  const amounts = documentAmounts(kind, order, kind === "invoice" ? 0 : 5_000, tax, invoice);
  const address = {
    address: "1 rue",
    city: "Ville",
    state: "",
    zipCode: "1000",
    country: destination,
  };
  return {
    schemaVersion: 2,
    kind,
    number: formatDocumentNumber(kind, MONTH.slice(0, 4), i + 1),
    issuedAt: `${day}T10:00:00.000Z`,
    issueDate: day,
    orderId: `o${i}`,
    orderNumber: `${i}`,
    refersTo: invoice?.number ?? null,
    refersToDate: invoice?.issueDate ?? null,
    seller: SELLER,
    vatOnDebits: false,
    buyer: {
      name: "A B",
      email: "a@example.com",
      phone: "",
      company: null,
      vatNumber: null,
      siren: null,
      purchaseOrder: null,
    },
    address,
    billingAddress: address,
    countryCode: destination,
    ...amounts,
    tax,
    mention: tax.mention,
    paymentMethod: "online",
    currency: "EUR",
  } satisfies InvoiceDocument;
}

const docs: InvoiceDocument[] = [];
for (let i = 0; i < SALES; i++) {
  const invoice = document(i, "invoice");
  docs.push(invoice);
  if (i % 20 === 0) docs.push(document(i, "credit_note", invoice));
}

const dir = await Deno.makeTempDir({ prefix: "bench-ereporting-" });
const kv = await openKv(`${dir}/ereporting.kv`);
const services = createServices(kv, testConfig({ seller: SELLER, platformMatricule: "0042" }));
// Stored as the invoice store keeps documents (with their indexes), without their orders.
for (let i = 0; i < docs.length; i += 50) {
  const op = kv.atomic();
  for (const d of docs.slice(i, i + 50)) keepDocument(op, d);
  await op.commit();
}

const period = periodOf(MONTH)!;
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const pure: number[] = [];
let size = 0;
for (let r = 0; r < RUNS; r++) {
  const t0 = performance.now();
  const builder = eReportOf(period);
  for (const d of docs) builder.add(d);
  const xml = eReportingXml(builder.report(), {
    seller: SELLER,
    platform: { id: "0042", name: "PA 0042" },
    issuedAt: new Date().toISOString(),
  });
  pure.push(performance.now() - t0);
  size = xml.length;
}

const full: number[] = [];
const fullCpu: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await services.eReporting.file(period);
  const cpu = process.cpuUsage(cpu0);
  full.push(performance.now() - t0);
  fullCpu.push((cpu.user + cpu.system) / 1000);
}

console.log(
  `${SALES} consumer sales (${docs.length - SALES} credit notes) in ${MONTH}: file ${
    (size / 1024).toFixed(0)
  } KB`,
);
console.log(`aggregate + write, documents in memory: median ${median(pure).toFixed(0)} ms`);
console.log(
  `read from KV + aggregate + write (the period's file): median ${
    median(full).toFixed(0)
  } ms wall, ${median(fullCpu).toFixed(0)} ms process CPU (goal < 2000 ms)`,
);
await services.mailer.stop();
await services.orderTracking.stop();
await services.restock.stop();
await services.newsletterSender.stop();
kv.close();
await Deno.remove(dir, { recursive: true });
