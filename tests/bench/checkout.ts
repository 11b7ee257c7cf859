/**
 * Checkout under load: 200 concurrent buyers of one product with 10 units, through the real
 * HTTP API of the built server (sandbox provider). Checks the outcome (exactly 10 orders, stock
 * 0, never negative, no duplicate order, everyone else told 'not enough stock') and prints
 * orders/s and the latency of create-payment-intent. `deno task bench:checkout`.
 */
import { createOrderStore } from "../../src/store/orders.ts";
import { createProductStore } from "../../src/store/products.ts";
import { startBuiltServer } from "../_lib/server.ts";

const BUYERS = Number(Deno.env.get("BUYERS") ?? 200);
const UNITS = Number(Deno.env.get("UNITS") ?? 10);
const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 3);
const BOARD = "Vectra DSP Board";

const server = await startBuiltServer();
const kv = await Deno.openKv(server.kvPath);
const products = createProductStore(kv);
const orders = createOrderStore(kv);
let failed = false;
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

async function post(path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1)];

try {
  const board = (await products.list()).find((p) => p.name === BOARD)!;
  const orderData = (i: number) => ({
    customer: {
      firstName: "Buyer",
      lastName: String(i),
      email: `buyer${i}@example.com`,
      phone: "+33612345678",
    },
    shippingAddress: {
      address: "1 rue de la Paix",
      city: "Toulouse",
      state: "Occitanie",
      zipCode: "31000",
      country: "France",
    },
    items: [{ id: board.id, title: board.name, price: 600, quantity: 1 }],
    subtotal: 600,
    shippingFee: 9.9,
    total: 609.9,
    paymentMethod: "stripe",
    shippingCountry: "France",
    shippingFeeDetails: { country: "France", fee: 9.9, currency: "EUR" },
  });

  const allLatencies: number[] = [];
  let totalOrders = 0;
  let totalMs = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    await products.update(board.id, { stock: UNITS });
    const before = (await orders.list()).length;
    const latencies: number[] = [];
    const refusals: string[] = [];
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: BUYERS }, async (_, i) => {
      const t0 = performance.now();
      const intent = await post("/api/stripe/create-payment-intent", {
        amount: 609.9,
        currency: "eur",
        orderData: orderData(i),
      });
      latencies.push(performance.now() - t0);
      if (!intent.body.success) {
        refusals.push(String(intent.body.message));
        return null;
      }
      await post("/api/sandbox/confirm-card", {
        clientSecret: intent.body.clientSecret,
        paymentMethod: "pm_card_visa",
      });
      const confirmed = await post("/api/stripe/confirm-payment", {
        paymentIntentId: intent.body.paymentIntentId,
        orderData: orderData(i),
      });
      return confirmed.body.success ? confirmed.body.order.orderNumber as string : null;
    }));
    const elapsed = performance.now() - started;
    const made = results.filter((r): r is string => r !== null);
    const after = await orders.list();
    const roundOrders = after.slice(0, after.length - before);
    const stock = (await products.get(board.id))!.stock;
    latencies.sort((a, b) => a - b);
    allLatencies.push(...latencies);
    totalOrders += made.length;
    totalMs += elapsed;

    console.log(`round ${round}: ${BUYERS} buyers, ${UNITS} units, ${elapsed.toFixed(0)} ms`);
    check(made.length === UNITS && roundOrders.length === UNITS, `exactly ${UNITS} orders`);
    check(stock === 0, `stock 0 (is ${stock})`);
    check(
      new Set(roundOrders.map((o) => o.paymentIntentId)).size === roundOrders.length &&
        new Set(made).size === made.length,
      "no duplicate order",
    );
    check(
      refusals.length === BUYERS - UNITS &&
        refusals.every((m) => m.toLowerCase().includes("not enough stock")),
      `${BUYERS - UNITS} buyers told 'not enough stock'`,
    );
    console.log(
      `  create-payment-intent p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${
        percentile(latencies, 99).toFixed(1)
      } ms; ${(made.length / (elapsed / 1000)).toFixed(1)} orders/s`,
    );
  }
  allLatencies.sort((a, b) => a - b);
  console.log(
    `\nall rounds: ${(totalOrders / (totalMs / 1000)).toFixed(1)} orders/s, ` +
      `${(ROUNDS * BUYERS / (totalMs / 1000)).toFixed(0)} buyers/s, create-payment-intent p50 ${
        percentile(allLatencies, 50).toFixed(1)
      } ms, p99 ${percentile(allLatencies, 99).toFixed(1)} ms`,
  );
} finally {
  kv.close();
  await server.stop();
}
if (failed) Deno.exit(1);
