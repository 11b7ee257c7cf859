/**
 * Where a launch's CPU goes, request kind by request kind. The built server (sandbox provider)
 * is warmed by WARM (4) rounds of 200 buyers for 10 units, as `bench:checkout` warms it before its
 * launch; then BUYERS (1,000) buyers for UNITS (400) units are sent phase by phase: every
 * create-payment-intent, then every card, then every confirm-payment. Each phase prints its wall
 * time and the CPU it cost a buyer on each of the server's threads (main: the event loop; gc: V8's
 * own threads; kv: the KV file's writer; http: the runtime's I/O threads) and in this client,
 * read from /proc. `CONFIRM_UNITS` sets the stock just before the confirmations (equal to BUYERS:
 * every confirmation an order; 0: every one sold out).
 * `deno task bench:checkout-phases`.
 */
import { addressOf, orderData, post } from "../_lib/buyers.ts";
import { openKv } from "../../src/store/kv.ts";
import { createProductStore } from "../../src/store/products.ts";
import { startBuiltServer } from "../_lib/server.ts";
import { serverAndClient } from "../_lib/threads.ts";

const WARM = Number(Deno.env.get("WARM") ?? 4);
const BUYERS = Number(Deno.env.get("BUYERS") ?? 1000);
const UNITS = Number(Deno.env.get("UNITS") ?? 400);
const CONFIRM_UNITS = Deno.env.get("CONFIRM_UNITS");

/** Each thread kind's CPU so far (ms), and this client's. */
function threadsCpu(pid: number): Map<string, number> {
  return new Map([...serverAndClient(pid)].map(([kind, t]) => [kind, t.cpu]));
}

const server = await startBuiltServer({ TRUST_PROXY: "true" });
const kv = await openKv(server.kvPath);
const products = createProductStore(kv);
try {
  const board = (await products.list()).find((p) => p.name === "Vectra DSP Board")!;
  /** Buyers `ids` through one kind of request, all at once: their answers. */
  const intents = (ids: number[]) =>
    Promise.all(ids.map((i) => {
      const data = orderData(board, i);
      return post(server.url, "/api/stripe/create-payment-intent", {
        amount: data.total,
        currency: "eur",
        orderData: data,
      }, addressOf(i));
    }));
  type Answers = Awaited<ReturnType<typeof intents>>;
  /** Each buyer whose intent was opened sends `path` what `body` makes of its intent. */
  const next = (
    ids: number[],
    opened: Answers,
    path: string,
    body: (i: number, intent: {
      clientSecret: string;
      paymentIntentId: string;
    }) => unknown,
  ) =>
    Promise.all(
      ids.map((i, j) =>
        opened[j].body.success
          ? post(server.url, path, body(i, opened[j].body), addressOf(i))
          : null
      ),
    );
  const cards = (ids: number[], opened: Answers) =>
    next(ids, opened, "/api/sandbox/confirm-card", (_, intent) => ({
      clientSecret: intent.clientSecret,
      paymentMethod: "pm_card_visa",
    }));
  const confirmations = (ids: number[], opened: Answers) =>
    next(ids, opened, "/api/stripe/confirm-payment", (i, intent) => ({
      paymentIntentId: intent.paymentIntentId,
      orderData: orderData(board, i),
    }));

  for (let round = 1; round <= WARM; round++) {
    await products.update(board.id, { stock: 10 });
    const ids = Array.from({ length: 200 }, (_, j) => round * 100_000 + j);
    const opened = await intents(ids);
    await cards(ids, opened);
    await confirmations(ids, opened);
  }

  await products.update(board.id, { stock: UNITS });
  const ids = Array.from({ length: BUYERS }, (_, j) => 900_000 + j);
  let before = threadsCpu(server.pid);
  let started = performance.now();
  const phase = (label: string) => {
    const now = threadsCpu(server.pid);
    const perBuyer = [...now].map(([kind, ms]) =>
      `${kind} ${((ms - (before.get(kind) ?? 0)) / BUYERS).toFixed(2)}`
    );
    console.log(
      `${label}: ${(performance.now() - started).toFixed(0)} ms; CPU ms a buyer: ${
        perBuyer.join(", ")
      }`,
    );
    before = now;
    started = performance.now();
  };
  console.log(`${BUYERS} buyers, ${UNITS} units, after ${WARM} warm rounds`);
  const opened = await intents(ids);
  phase("create-payment-intent");
  await cards(ids, opened);
  phase("the card (sandbox)");
  if (CONFIRM_UNITS !== undefined) {
    await products.update(board.id, { stock: Number(CONFIRM_UNITS) });
  }
  const confirmed = await confirmations(ids, opened);
  phase("confirm-payment");
  const statuses = new Map<number, number>();
  for (const a of confirmed) if (a) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  console.log(
    `orders ${confirmed.filter((a) => a?.body.success).length}; confirmations by status: ${
      [...statuses].map(([s, n]) => `${n} x ${s}`).join(", ")
    }`,
  );
} finally {
  kv.close();
  await server.stop();
}
