import { assert, assertEquals } from "../_lib/assert.ts";
import { intentBody } from "../_lib/checkout.ts";
import { startBuiltServer } from "../_lib/server.ts";
import { STOP_BOUND_MS } from "../../src/server/shutdown.ts";

const BUYERS = 200;

interface PublicProduct {
  _id: string;
  name: string;
  price: number;
  stock: number;
}

/** Buyer `i`'s create-payment-intent body (its own email: no buyer replaces another's). */
const checkout = (i: number, product: PublicProduct) =>
  intentBody([{ id: product._id, title: product.name, price: product.price, quantity: 1 }], {
    email: `buyer${i}@example.com`,
  });

/** The innermost message of a fetch failure ("connection refused", "connection reset", ...). */
function cause(err: unknown): string {
  let message = String(err);
  for (let e = err; e instanceof Error; e = e.cause) message = e.message;
  return message;
}

type Outcome =
  | { kind: "answered"; status: number; afterStop: boolean }
  | { kind: "refused" }
  | { kind: "cut"; message: string };

Deno.test({
  name:
    "[server] SIGTERM in the middle of a burst of checkouts: every accepted request is answered, then exit 0",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startBuiltServer({ TRUST_PROXY: "true", LOG_LEVEL: "warn" });
    const products = (await (await fetch(`${server.url}/api/public/products`))
      .json() as PublicProduct[]).filter((p) => p.stock > 0);

    let stopAt: number | null = null;
    let answers = 0;
    let signalled: () => void;
    const midBurst = new Promise<void>((r) => signalled = r);
    const buyers = Array.from({ length: BUYERS }, async (_, i): Promise<Outcome> => {
      try {
        const res = await fetch(`${server.url}/api/stripe/create-payment-intent`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Forwarded-For": `10.1.${i >> 8}.${i & 255}`,
          },
          body: JSON.stringify(checkout(i, products[i % products.length])),
        });
        await res.json(); // the whole body, or a cut shows here
        if (++answers === 5) signalled();
        return { kind: "answered", status: res.status, afterStop: stopAt !== null };
      } catch (err) {
        const message = cause(err);
        // Never connected (the listener was closed): a client retries elsewhere, nothing lost.
        if (/connection refused/i.test(message)) return { kind: "refused" };
        return { kind: "cut", message };
      }
    });
    // Mid-burst: after the first few answers (or half a second), most are still in flight.
    await Promise.race([midBurst, new Promise((r) => setTimeout(r, 500))]);
    stopAt = performance.now();
    const exit = server.stop();
    const outcomes = await Promise.all(buyers);
    const code = await exit;
    const stopMs = performance.now() - stopAt;

    const cut = outcomes.filter((o) => o.kind === "cut");
    assertEquals(cut, [], "no accepted request loses its connection");
    const answered = outcomes.filter((o) => o.kind === "answered");
    assert(
      answered.filter((o) => o.afterStop).length > 0,
      "requests were still in flight when the signal came",
    );
    assert(answered.every((o) => o.status !== 500), "no request failed with a 500");
    assertEquals(code, 0, "a clean exit");
    assert(stopMs < STOP_BOUND_MS + 5_000, `the stop is bounded (took ${Math.round(stopMs)} ms)`);
    assert(!server.output().includes("Stopped waiting"), "nothing was cut at the bound");
  },
});
