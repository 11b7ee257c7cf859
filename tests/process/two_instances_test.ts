import { assert, assertEquals } from "../_lib/assert.ts";
import { type RunningServer, startBuiltServer } from "../_lib/server.ts";
import { createProductStore } from "../../src/store/products.ts";
import { createOrderStore } from "../../src/store/orders.ts";

const BOARD = "Vectra DSP Board";
const UNITS = 25;
const BUYERS = 55;

/** Two built servers on two ports, one KV file; `fn` runs with both, then both stop. */
async function withTwoInstances(
  fn: (a: RunningServer, b: RunningServer, kv: Deno.Kv) => Promise<void>,
  env: Record<string, string> = {},
) {
  const dir = await Deno.makeTempDir({ prefix: "shop-two-" });
  const kvPath = `${dir}/shop.kv`;
  const common = { TRUST_PROXY: "true", JWT_SECRET: "two-instances-secret-two-instances", ...env };
  // One after the other: the first seeds the empty KV, the second finds it seeded.
  const a = await startBuiltServer(common, { kvPath });
  const b = await startBuiltServer(common, { kvPath }).catch(async (err) => {
    await a.stop();
    throw err;
  });
  const kv = await Deno.openKv(kvPath);
  try {
    await fn(a, b, kv);
  } finally {
    kv.close();
    await Promise.all([a.stop(), b.stop()]);
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

function orderData(i: number, productId: string, price: number, fee: number) {
  const total = Math.round((price + fee) * 100) / 100;
  return {
    amount: total,
    currency: "eur",
    orderData: {
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
      items: [{ id: productId, title: BOARD, price, quantity: 1 }],
      subtotal: price,
      shippingFee: fee,
      total,
      paymentMethod: "stripe",
      shippingCountry: "France",
      shippingFeeDetails: { country: "France", fee, currency: "EUR" },
    },
  };
}

/** One buyer through one instance: intent, sandbox card, confirm. Answers the order number. */
async function buy(server: RunningServer, i: number, productId: string) {
  const headers = { "X-Forwarded-For": `198.51.100.${i + 1}` };
  const body = orderData(i, productId, 600, 9.9);
  const intent = await post(`${server.url}/api/stripe/create-payment-intent`, body, headers);
  if (intent.status !== 200) return { status: intent.status, message: intent.body.message };
  const paid = await post(`${server.url}/api/sandbox/confirm-card`, {
    clientSecret: intent.body.clientSecret,
    paymentMethod: "pm_card_visa",
  }, headers);
  assertEquals(paid.status, 200, JSON.stringify(paid.body));
  const confirmed = await post(`${server.url}/api/stripe/confirm-payment`, {
    paymentIntentId: intent.body.paymentIntentId,
    orderData: body.orderData,
  }, headers);
  assertEquals(confirmed.status, 200, JSON.stringify(confirmed.body));
  return { status: 200, orderNumber: confirmed.body.order.orderNumber as string };
}

Deno.test({
  name: "[server] two instances on one KV: concurrent buyers split across both never oversell",
  sanitizeResources: false,
  async fn() {
    await withTwoInstances(async (a, b, kv) => {
      const products = createProductStore(kv);
      const board = (await products.list()).find((p) => p.name === BOARD)!;
      await products.update(board.id, { stock: UNITS });
      const results = await Promise.all(
        Array.from({ length: BUYERS }, (_, i) => buy(i % 2 ? b : a, i, board.id)),
      );
      const log = a.output() + b.output();
      assert(!log.includes("database is locked"), "no busy store error reached the log");
      for (const r of results) {
        assert(r.status !== 500, `never a 500: ${r.message}`);
      }
      const made = results.flatMap((r) => r.orderNumber ? [r.orderNumber] : []);
      assertEquals(made.length, UNITS, `exactly ${UNITS} orders`);
      assertEquals(new Set(made).size, UNITS, "no duplicate order number");
      const refused = results.filter((r) => r.status !== 200);
      assert(
        refused.every((r) => r.status === 422 && /not enough stock/i.test(r.message)),
        `everyone else told 'not enough stock': ${JSON.stringify(refused.slice(0, 3))}`,
      );
      assertEquals((await products.get(board.id))!.stock, 0);
      const orders = await createOrderStore(kv).list();
      assertEquals(orders.length, UNITS);
    });
  },
});
