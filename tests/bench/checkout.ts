import { openKv } from "../../src/store/kv.ts";
/**
 * Checkout under load, through the real HTTP API of the built server (sandbox provider). Each
 * buyer comes from its own address (X-Forwarded-For, TRUST_PROXY=true) with its own email, and
 * does what the shop does: create-payment-intent, the card (authorized), confirm-payment (the
 * commit step: stock, capture, order). Every round checks the outcome: exactly as many orders
 * as units, stock 0, never negative, no duplicate order, everyone else told the product is out
 * of stock (before the card, or after it with the authorization canceled), no 5xx.
 *
 * - rounds: BUYERS (200) buyers of UNITS (10) units, ROUNDS (3) times;
 * - hostage: one client asks for 10,000 units and opens 200 checkouts while 200 buyers buy;
 * - launch: LAUNCH_BUYERS (1,000) buyers of LAUNCH_UNITS (400) units at once, on one instance,
 *   then split across two instances on one KV file; prints buyers/s and p50/p99 of the whole
 *   purchase (intent, card, confirm), of create-payment-intent and of the commit step
 *   (confirm-payment); with TIMELINE=1, where the time of the one-instance launch went.
 * `deno task bench:checkout`.
 */
import { createOrderStore } from "../../src/store/orders.ts";
import { createProductStore } from "../../src/store/products.ts";
import { cpuMs, type RunningServer, startBuiltServer } from "../_lib/server.ts";
import { addressOf, orderData as buyerData, post } from "../_lib/buyers.ts";
import { sampleThreads } from "../_lib/threads.ts";

const BUYERS = Number(Deno.env.get("BUYERS") ?? 200);
const UNITS = Number(Deno.env.get("UNITS") ?? 10);
const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 3);
const LAUNCH_BUYERS = Number(Deno.env.get("LAUNCH_BUYERS") ?? 1000);
const LAUNCH_UNITS = Number(Deno.env.get("LAUNCH_UNITS") ?? 400);
const BOARD = "Vectra DSP Board";
/** KV writes one buyer costs (see the ceiling below). */
const WRITES_PER_BUYER = 6;
/** `ONLY_LAUNCH=1`: the launch rounds alone. */
const ONLY_LAUNCH = Deno.env.get("ONLY_LAUNCH") === "1";
/** `TWO_INSTANCES=0`: the launch on one instance only (comparing builds' CPU per buyer). */
const TWO_INSTANCES = Deno.env.get("TWO_INSTANCES") !== "0";
/**
 * `TIMELINE=1`: the one-instance launch prints, every 100 ms, each thread kind's CPU and time
 * waiting for a CPU (server: main, gc, kv, http; the client): what bounds the launch.
 */
const TIMELINE = Deno.env.get("TIMELINE") === "1";
const OUT_OF_STOCK = ["not_enough_stock", "sold_out_not_charged"];

const server = await startBuiltServer({ TRUST_PROXY: "true" });
let second: RunningServer | null = null;
const kv = await openKv(server.kvPath);
const products = createProductStore(kv);
const orders = createOrderStore(kv);
let failed = false;
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1)] ?? 0;
const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`;
};

interface Outcome {
  order: string | null;
  /** The refusal's code, when the buyer was told the product is out of stock. */
  refused: string | null;
  statuses: number[];
  /** The error codes of 5xx answers. */
  errors: string[];
  intentMs: number;
  commitMs: number | null;
  /** The whole purchase: from the intent's request to the last answer the buyer got. */
  wholeMs: number;
}

try {
  const board = (await products.list()).find((p) => p.name === BOARD)!;
  const orderData = (i: number, quantity = 1) => buyerData(board, i, { quantity });

  /** One buyer, the shop's way: intent, card, confirm. */
  const buy = async (base: string, i: number): Promise<Outcome> => {
    const address = addressOf(i);
    const data = orderData(i);
    const t0 = performance.now();
    const intent = await post(base, "/api/stripe/create-payment-intent", {
      amount: data.total,
      currency: "eur",
      orderData: data,
    }, address);
    const intentMs = performance.now() - t0;
    const noteError = (a: { status: number; body: { error?: string } }) => {
      if (a.status >= 500) out.errors.push(`${a.status} ${a.body.error}`);
    };
    const out: Outcome = {
      errors: [],
      order: null,
      refused: null,
      statuses: [intent.status],
      intentMs,
      commitMs: null,
      wholeMs: intentMs,
    };
    noteError(intent);
    if (!intent.body.success) {
      out.refused = OUT_OF_STOCK.includes(intent.body.error) ? intent.body.error : null;
      return out;
    }
    const card = await post(base, "/api/sandbox/confirm-card", {
      clientSecret: intent.body.clientSecret,
      paymentMethod: "pm_card_visa",
    }, address);
    out.statuses.push(card.status);
    noteError(card);
    const t1 = performance.now();
    const confirmed = await post(base, "/api/stripe/confirm-payment", {
      paymentIntentId: intent.body.paymentIntentId,
      orderData: data,
    }, address);
    out.commitMs = performance.now() - t1;
    out.wholeMs = performance.now() - t0;
    out.statuses.push(confirmed.status);
    noteError(confirmed);
    if (confirmed.body.success) out.order = confirmed.body.order.orderNumber;
    else if (OUT_OF_STOCK.includes(confirmed.body.error)) out.refused = confirmed.body.error;
    return out;
  };

  /**
   * Runs `buyers` (index, base url) at once and checks the outcome against `units`; `timeline`:
   * prints where the server's and the client's time went, every 100 ms.
   */
  const round = async (
    label: string,
    units: number,
    buyers: [number, string][],
    timeline = false,
  ) => {
    await products.update(board.id, { stock: units });
    const before = (await orders.list()).length;
    // The servers' CPU, not the wall clock, is what other load on the machine moves least.
    const running = [server, second].filter((s): s is RunningServer => s !== null);
    const cpuBefore = running.reduce((sum, s) => sum + cpuMs(s.pid), 0);
    const clientBefore = cpuMs(Deno.pid);
    const started = performance.now();
    const sampling = timeline ? sampleThreads(server.pid) : null;
    const results = await Promise.all(buyers.map(([i, base]) => buy(base, i)));
    const elapsed = performance.now() - started;
    const samples = sampling?.stop();
    const cpu = running.reduce((sum, s) => sum + cpuMs(s.pid), 0) - cpuBefore;
    const clientCpu = cpuMs(Deno.pid) - clientBefore;
    const made = results.flatMap((r) => r.order ? [r.order] : []);
    const after = await orders.list();
    const roundOrders = after.slice(0, after.length - before);
    const stock = (await products.get(board.id))!.stock;
    const refused = results.filter((r) => r.refused);
    const errors = results.flatMap((r) => r.statuses.filter((s) => s >= 500));
    console.log(`${label}: ${buyers.length} buyers, ${units} units, ${elapsed.toFixed(0)} ms`);
    check(
      made.length === units && roundOrders.length === units,
      `exactly ${units} orders (${made.length})`,
    );
    check(stock === 0, `stock 0 (is ${stock})`);
    check(
      new Set(roundOrders.map((o) => o.paymentIntentId)).size === roundOrders.length &&
        new Set(made).size === made.length,
      "no duplicate order",
    );
    const afterCard = refused.filter((r) => r.refused === "sold_out_not_charged").length;
    check(
      refused.length === buyers.length - units,
      `${buyers.length - units} buyers told it is out of stock (${refused.length}: ` +
        `${refused.length - afterCard} before the card, ${afterCard} after it, not charged)`,
    );
    const codes = new Map<string, number>();
    for (const e of results.flatMap((r) => r.errors)) codes.set(e, (codes.get(e) ?? 0) + 1);
    check(
      errors.length === 0,
      `no 5xx (${errors.length}${
        codes.size ? `: ${[...codes].map(([c, n]) => `${n} ${c}`).join(", ")}` : ""
      })`,
    );
    const commits = results.flatMap((r) => r.commitMs === null ? [] : [r.commitMs]);
    console.log(
      `  whole purchase ${ms(results.map((r) => r.wholeMs))}; ` +
        `create-payment-intent ${ms(results.map((r) => r.intentMs))}; commit step ` +
        `(confirm-payment) ${ms(commits)}; ${(buyers.length / (elapsed / 1000)).toFixed(0)} ` +
        `buyers/s, ${(made.length / (elapsed / 1000)).toFixed(1)} orders/s; server CPU ` +
        `${(cpu / buyers.length).toFixed(2)} ms per buyer (${(cpu / 1000).toFixed(2)} s in all); ` +
        `the buyers' client ${(clientCpu / buyers.length).toFixed(2)} ms per buyer`,
    );
    if (samples) {
      console.log("  where the time went, each kind's CPU/run-queue wait in % of one core:");
      for (const line of samples) console.log(`  ${line}`);
    }
    return { elapsed, results, cpu };
  };

  for (let r = 1; r <= (ONLY_LAUNCH ? 0 : ROUNDS); r++) {
    await round(
      `round ${r}`,
      UNITS,
      Array.from({ length: BUYERS }, (_, j) => [r * 100_000 + j, server.url]),
    );
  }

  const hostageRound = async () => {
    // Hostage: one client asks for 10,000 units, then opens checkouts as fast as it may, while
    // the buyers buy. Open checkouts hold nothing: the buyers get every unit.
    await products.update(board.id, { stock: UNITS });
    const attacker = "203.0.113.66";
    const greedy = await post(server.url, "/api/stripe/create-payment-intent", {
      amount: 600 * 10_000 + 9.9,
      currency: "eur",
      orderData: orderData(900_000, 10_000),
    }, attacker);
    let opened = 0;
    const hostage = (async () => {
      for (let n = 0; n < BUYERS; n += 20) {
        const answers = await Promise.all(
          Array.from(
            { length: 20 },
            (_, k) =>
              post(server.url, "/api/stripe/create-payment-intent", {
                amount: 609.9,
                currency: "eur",
                orderData: orderData(910_000 + n + k),
              }, attacker),
          ),
        );
        opened += answers.filter((a) => a.body.success).length;
      }
    })();
    const [{ results }] = await Promise.all([
      round("hostage", UNITS, Array.from({ length: BUYERS }, (_, j) => [800_000 + j, server.url])),
      hostage,
    ]);
    console.log(
      `  one client asked for 10,000 units (${greedy.status} ${greedy.body.error ?? ""}) and ` +
        `opened ${opened} checkouts; the buyers made ${
          results.filter((r) => r.order).length
        } orders`,
    );
  };
  if (!ONLY_LAUNCH) await hostageRound();

  // The ceiling of one SQLite file: 1,000 small independent writes at once, each its own commit
  // (a bare KV), then through the server's KV, where writes waiting beside a commit share the
  // next (group commit). A buyer costs about 6 writes: rate limit, intent, checkout, card, then
  // capture and order, or cancel and release.
  const ceiling = async (store: Deno.Kv) => {
    const t = performance.now();
    await Promise.all(
      Array.from(
        { length: 1000 },
        (_, i) => store.set(["bench_ceiling", i], { i, pad: "x".repeat(300) }),
      ),
    );
    const perS = 1000 / ((performance.now() - t) / 1000);
    for await (const e of kv.list({ prefix: ["bench_ceiling"] })) await kv.delete(e.key);
    return perS;
  };
  const bare = await Deno.openKv(server.kvPath);
  const oneEach = await ceiling(bare).finally(() => bare.close());
  const grouped = await ceiling(kv);
  const buyers = (writes: number) => (writes / WRITES_PER_BUYER).toFixed(0);
  console.log(
    `\nSQLite ceiling on this machine: ${oneEach.toFixed(0)} writes/s one commit each (about ` +
      `${buyers(oneEach)} buyers/s at ${WRITES_PER_BUYER} writes each); ${
        grouped.toFixed(0)
      } writes/s grouped (about ${buyers(grouped)} buyers/s)`,
  );

  // Launch: 1,000 buyers at once on one instance, then split across two on one KV file.
  const launch = (base: (j: number) => string) =>
    Array.from({ length: LAUNCH_BUYERS }, (_, j) => [700_000 + j, base(j)] as [number, string]);
  const one = await round(
    "\nlaunch, one instance",
    LAUNCH_UNITS,
    launch(() => server.url),
    TIMELINE,
  );
  const perBuyer = (r: { elapsed: number; cpu: number }) =>
    `${(LAUNCH_BUYERS / (r.elapsed / 1000)).toFixed(0)} buyers/s, ` +
    `${(r.cpu / LAUNCH_BUYERS).toFixed(2)} ms of server CPU per buyer`;
  let summary = `  one instance: ${perBuyer(one)}`;
  if (TWO_INSTANCES) {
    second = await startBuiltServer({ TRUST_PROXY: "true" }, { kvPath: server.kvPath });
    const other = second.url;
    const two = await round(
      "launch, two instances on one KV file",
      LAUNCH_UNITS,
      launch((j) => j % 2 ? other : server.url),
    );
    summary += `; two on one SQLite file (one writer at a time): ${perBuyer(two)} (both)`;
  }
  // What went wrong, from the servers' own logs (warnings and errors, by message).
  const problems = new Map<string, number>();
  for (const line of (server.output() + (second?.output() ?? "")).split("\n")) {
    if (!/"level":"(warn|error)"/.test(line)) continue;
    const { msg, error, stack } = JSON.parse(line);
    const where = String(stack ?? "").split("\n").slice(1, 5).map((l) => l.trim()).join(" < ");
    const key = `${msg}${error ? `: ${String(error).slice(0, 80)}` : ""}${
      where ? ` (${where})` : ""
    }`;
    problems.set(key, (problems.get(key) ?? 0) + 1);
  }
  for (const [what, n] of problems) console.log(`  log: ${n} x ${what}`);
  console.log(summary);
} finally {
  kv.close();
  await second?.stop();
  await server.stop();
}
if (failed) Deno.exit(1);
