/**
 * The quote PDF: a staff quote of several lines with discounts, made through the API
 * (`GET /api/quotes/{id}/pdf`, signed in) RUNS times after a warm-up; prints p50/p95 wall
 * time and the CPU time per PDF (on a shared machine the wall-clock times count the other
 * processes' turns). Then the pro-forma of an order paid before shipping, the same way.
 * `deno task bench:quote-pdf`. Target: quote PDF p50 < 30 ms.
 */
import process from "node:process";
import { createApiApp } from "../../src/api/app.ts";
import { createServices } from "../../src/services/container.ts";
import { seedIfEmpty } from "../../src/services/seed.ts";
import { loginAs } from "../_lib/admin.ts";
import { testConfig } from "../_lib/services.ts";

const RUNS = Number(Deno.env.get("RUNS") ?? 300);

const kv = await Deno.openKv(":memory:");
const base = testConfig();
const services = createServices(kv, {
  ...base,
  transfers: { ...base.transfers, iban: "FR7630006000011234567890189", bic: "AGRIFRPP882" },
});
await seedIfEmpty(services, () => {});
const api = createApiApp(services);
const { headers } = await loginAs({ kv, services, api }, "seeded");

const products = (await services.products.list()).filter((p) => p.stock > 10).slice(0, 5);
const made = await api.request("/api/quotes", {
  method: "POST",
  headers: { ...headers, "Content-Type": "application/json" },
  body: JSON.stringify({
    items: products.map((p, i) => ({ id: p.id, quantity: 3 + i, discountPercent: 5 * i })),
    shippingCountry: "France",
    customer: { firstName: "Marie", lastName: "Curie", email: "achats@labo.example", phone: "01" },
    business: { companyName: "Laboratoire Curie", siren: "732829320", purchaseOrder: "DA-77" },
    shippingAddress: {
      address: "1 Rue Pierre et Marie Curie",
      city: "Paris",
      zipCode: "75005",
      country: "France",
    },
    note: "Tarif enseignement 2027, valable pour les travaux pratiques de l’automne",
    terms: { kind: "before_shipping", days: 0 },
    locale: "fr",
  }),
});
if (made.status !== 201) throw new Error(`quote: ${made.status} ${await made.text()}`);
const quote = await made.json() as { id: string; number: string };
await api.request(`/api/quotes/${quote.id}/send`, { method: "POST", headers });
const token = await services.quoteLinks.token(quote.number);
const { order } = await services.quoteDesk.accept(quote.number, token, "PO-1");

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * xs.length)];

async function measure(label: string, path: string) {
  for (let i = 0; i < 10; i++) await (await api.request(path, { headers })).arrayBuffer();
  const times: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    const res = await api.request(path, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuStart);
  console.log(
    `${label.padEnd(28)} p50 ${pct(times, 0.5).toFixed(1)} ms  p95 ${
      pct(times, 0.95).toFixed(1)
    } ms  CPU ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(1)} ms each (${RUNS} runs)`,
  );
}

await measure(`Quote PDF (${products.length} lines)`, `/api/quotes/${quote.id}/pdf`);
await measure("Pro-forma PDF", `/api/orders/${order.id}/pro-forma`);
kv.close();
