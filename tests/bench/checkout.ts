import { openKv } from "../../src/store/kv.ts";
/**
 * Checkout under load: 200 concurrent buyers of one product with 10 units, through the real
 * HTTP API of the built server (sandbox provider). Checks the outcome (exactly 10 orders, stock
 * 0, never negative, no duplicate order, everyone else told 'not enough stock') and prints
 * orders/s and the latency of create-payment-intent. Each buyer comes from its own address
 * (X-Forwarded-For, TRUST_PROXY=true). A last round adds one client reserving as fast as it can
 * with a new email each time, next to the 200 buyers: it must not drain the product.
 * `deno task bench:checkout`.
 */
import { createOrderStore } from "../../src/store/orders.ts";
import { createProductStore } from "../../src/store/products.ts";
import { MAX_HOLDS_PER_HOLDER } from "../../src/store/reservations.ts";
import { startBuiltServer } from "../_lib/server.ts";

const BUYERS = Number(Deno.env.get("BUYERS") ?? 200);
const UNITS = Number(Deno.env.get("UNITS") ?? 10);
const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 3);
const BOARD = "Vectra DSP Board";

const server = await startBuiltServer({ TRUST_PROXY: "true" });
const kv = await openKv(server.kvPath);
const products = createProductStore(kv);
const orders = createOrderStore(kv);
let failed = false;
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

/** Buyer i's own address, as the proxy would forward it. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function post(path: string, body: unknown, address: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
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
      }, addressOf(i));
      latencies.push(performance.now() - t0);
      if (!intent.body.success) {
        refusals.push(String(intent.body.message));
        return null;
      }
      await post("/api/sandbox/confirm-card", {
        clientSecret: intent.body.clientSecret,
        paymentMethod: "pm_card_visa",
      }, addressOf(i));
      const confirmed = await post("/api/stripe/confirm-payment", {
        paymentIntentId: intent.body.paymentIntentId,
        orderData: orderData(i),
      }, addressOf(i));
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

  // Hostage round: one address fires HOSTAGE_TRIES reservations (a new email each), 20 at a
  // time, while the 200 buyers (new ones) buy as before.
  const HOSTAGE_TRIES = BUYERS;
  await products.update(board.id, { stock: UNITS });
  const before = (await orders.list()).length;
  const attacker = "203.0.113.66";
  let held = 0;
  let refused429 = 0;
  const attack = async (n: number) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        post("/api/stripe/create-payment-intent", {
          amount: 609.9,
          currency: "eur",
          orderData: orderData(100_000 + n + k),
        }, attacker)),
    );
    held += answers.filter((a) => a.body.success).length;
    refused429 += answers.filter((a) => a.status === 429).length;
  };
  // The client strikes first, then keeps going while the buyers arrive.
  await attack(0);
  const hostage = async () => {
    for (let n = 20; n < HOSTAGE_TRIES; n += 20) await attack(n);
  };
  const buyers = Promise.all(Array.from({ length: BUYERS }, async (_, j) => {
    const i = 10_000 + j;
    const intent = await post("/api/stripe/create-payment-intent", {
      amount: 609.9,
      currency: "eur",
      orderData: orderData(i),
    }, addressOf(i));
    if (!intent.body.success) return false;
    await post("/api/sandbox/confirm-card", {
      clientSecret: intent.body.clientSecret,
      paymentMethod: "pm_card_visa",
    }, addressOf(i));
    const confirmed = await post("/api/stripe/confirm-payment", {
      paymentIntentId: intent.body.paymentIntentId,
      orderData: orderData(i),
    }, addressOf(i));
    return confirmed.body.success === true;
  }));
  const [bought] = await Promise.all([buyers, hostage()]);
  const sold = bought.filter(Boolean).length;
  const hostageOrders = (await orders.list()).length - before;
  console.log(
    `\nhostage: one client tried ${HOSTAGE_TRIES} reservations of a ${UNITS}-unit product while ` +
      `${BUYERS} buyers bought: it held ${held} unit(s) (${refused429} refused with 429), ` +
      `the buyers made ${sold} orders`,
  );
  check(held <= MAX_HOLDS_PER_HOLDER, `the client held at most ${MAX_HOLDS_PER_HOLDER} units`);
  check(sold === hostageOrders && sold === UNITS - held, `buyers bought the other ${UNITS - held}`);
} finally {
  kv.close();
  await server.stop();
}
if (failed) Deno.exit(1);
