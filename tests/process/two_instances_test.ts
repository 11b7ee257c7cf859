import { openKv } from "../../src/store/kv.ts";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { type RunningServer, startBuiltServer } from "../_lib/server.ts";
import { orderData as buyerData } from "../_lib/buyers.ts";
import { smtpSink, waitFor } from "../_lib/smtp.ts";
import { formatMoney } from "../../src/domain/money.ts";
import { createOrderStore } from "../../src/store/orders.ts";
import { createOutboxStore } from "../../src/store/outbox.ts";
import { createProductStore } from "../../src/store/products.ts";
import { createShippingFeeStore } from "../../src/store/shipping-fees.ts";
import { LOGIN_LIMITS } from "../../src/services/admin-auth.ts";

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
  // No JWT_SECRET: the signing secret the first instance keeps in KV serves both.
  const common = { TRUST_PROXY: "true", ...env };
  // One after the other: the first seeds the empty KV, the second finds it seeded.
  const a = await startBuiltServer(common, { kvPath });
  const b = await startBuiltServer(common, { kvPath }).catch(async (err) => {
    await a.stop();
    throw err;
  });
  const kv = await openKv(kvPath);
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
  const data = buyerData({ id: productId, name: BOARD }, i, { price, fee });
  return { amount: data.total, currency: "eur", orderData: data };
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
  if (confirmed.status !== 200) {
    return { status: confirmed.status, message: confirmed.body.message };
  }
  return { status: 200, orderNumber: confirmed.body.order.orderNumber as string };
}

const ADMIN = { email: "admin@example.com", password: "correct horse battery" };

async function login(server: RunningServer, password: string, client: string) {
  return await post(`${server.url}/api/superadmins/login`, { email: ADMIN.email, password }, {
    "X-Forwarded-For": client,
  });
}

async function verify(server: RunningServer, token: string) {
  const res = await fetch(`${server.url}/api/auth/verify`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  await res.body?.cancel();
  return res.status;
}

async function page(server: RunningServer, path: string) {
  const res = await fetch(`${server.url}${path}`);
  assertEquals(res.status, 200, path);
  return await res.text();
}

Deno.test({
  name: "[server] two instances on one KV behave as one: stock, catalogue, sessions, mail",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const smtp = await smtpSink();
    try {
      await withTwoInstances(async (a, b, kv) => {
        const products = createProductStore(kv);
        const board = (await products.list()).find((p) => p.name === BOARD)!;

        await t.step("concurrent buyers split across both never oversell", async () => {
          await products.update(board.id, { stock: UNITS });
          const results = await Promise.all(
            Array.from({ length: BUYERS }, (_, i) => buy(i % 2 ? b : a, i, board.id)),
          );
          const log = a.output() + b.output();
          assert(!log.includes("database is locked"), "no busy store error reached the log");
          for (const r of results) assert(r.status !== 500, `never a 500: ${r.message}`);
          const made = results.flatMap((r) => r.orderNumber ? [r.orderNumber] : []);
          assertEquals(made.length, UNITS, `exactly ${UNITS} orders`);
          assertEquals(new Set(made).size, UNITS, "no duplicate order number");
          const refused = results.filter((r) => r.status !== 200);
          // Before the card (422), or after it with the authorization canceled (409).
          assert(
            refused.every((r) =>
              (r.status === 422 || r.status === 409) && /not enough stock/i.test(r.message)
            ),
            `everyone else told 'not enough stock': ${JSON.stringify(refused.slice(0, 3))}`,
          );
          assertEquals((await products.get(board.id))!.stock, 0);
          assertEquals((await createOrderStore(kv).list()).length, UNITS);
        });

        await t.step("racing payments on both instances: gapless invoice numbers", async () => {
          const numbers: string[] = [];
          for await (const e of kv.list<{ number: string }>({ prefix: ["invoice"] })) {
            numbers.push(e.value.number);
          }
          const year = numbers[0]?.slice(1, 5);
          assertEquals(
            numbers.sort(),
            Array.from({ length: UNITS }, (_, i) => `F${year}-${String(i + 1).padStart(6, "0")}`),
            "one invoice per order, numbered 1..n with no gap and no duplicate",
          );
        });

        await t.step("each outbox mail is delivered once though both instances send", async () => {
          const outbox = createOutboxStore(kv);
          // Two mails per order (customer, shop), each instance sending the shared outbox.
          await waitFor(async () => (await outbox.pending()).length === 0, "an empty outbox");
          const entries = await outbox.list();
          assertEquals(entries.length, 2 * UNITS);
          assert(entries.every((e) => e.status === "sent"), "every mail sent");
          await waitFor(() => smtp.received.length >= 2 * UNITS, "the mails to arrive");
          const ids = smtp.received.map((m) => m.messageId);
          assertEquals(ids.length, 2 * UNITS, "no mail delivered twice");
          assertEquals(new Set(ids).size, 2 * UNITS);
        });

        await t.step("a catalogue change shows at once on both instances", async () => {
          const path = `/shop/${board.slug}`;
          for (const server of [a, b]) await page(server, path); // both cache the pages
          await page(b, "/shop");
          await products.update(board.id, { price: 612.34, stock: 3 });
          const price = formatMoney(61234);
          for (const server of [a, b]) {
            assertStringIncludes(await page(server, path), price);
            assertStringIncludes(await page(server, "/shop"), price);
            const api = await (await fetch(`${server.url}/api/public/products/${board.id}`))
              .json();
            assertEquals([api.price, api.stock], [612.34, 3]);
          }
          const fees = createShippingFeeStore(kv);
          const france = (await fees.getByCountry("France"))!;
          const feeOn = async (
            server: RunningServer,
          ) => (await (await fetch(`${server.url}/api/shipping/fees/country/France`)).json());
          await feeOn(b);
          await fees.update(france.id, { shippingFee: 11.5 });
          for (const server of [a, b]) {
            assertStringIncludes(JSON.stringify(await feeOn(server)), "11.5");
          }
        });

        await t.step("a session signed out on one instance is refused on the other", async () => {
          const signIn = await login(a, ADMIN.password, "203.0.113.1");
          assertEquals(signIn.status, 200);
          const token = signIn.body.token as string;
          assertEquals(await verify(b, token), 200);
          const out = await fetch(`${a.url}/api/auth/logout`, {
            method: "POST",
            headers: { Authorization: `Bearer ${token}` },
          });
          assertEquals(out.status, 200);
          await out.body?.cancel();
          assertEquals(await verify(b, token), 401);
          assertEquals(await verify(a, token), 401);
        });

        await t.step("the login limit counts failures made on both instances", async () => {
          for (let i = 0; i < LOGIN_LIMITS.pair.limit; i++) {
            const r = await login(i % 2 ? b : a, "wrong password", "203.0.113.10");
            assertEquals(r.status, 401);
          }
          for (const server of [a, b]) {
            const locked = await login(server, ADMIN.password, "203.0.113.10");
            assertEquals(locked.status, 429, "locked on both, even with the right password");
            assert(Number(locked.headers.get("Retry-After")) > 0);
          }
          const owner = await login(a, ADMIN.password, "203.0.113.99");
          assertEquals(owner.status, 200, "the owner, from another address, is not locked out");
        });
      }, { SMTP_URL: smtp.url, SHOP_EMAIL: "orders@example.com" });
    } finally {
      await smtp.close();
    }
  },
});
