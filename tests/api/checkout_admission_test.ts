import { assert, assertEquals } from "../_lib/assert.ts";
import { intentBody, productByName } from "../_lib/checkout.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

/**
 * A KV whose commits that create a sandbox intent (its time index entry) wait at a gate once
 * `hold()` is called: new checkouts stop there, inside their turn.
 */
function gatedIntents() {
  let holding = false;
  let open!: () => void;
  const gate = new Promise<void>((r) => open = r);
  const state = {
    /** Intent creations waiting at the gate. */
    held: 0,
    hold() {
      holding = true;
    },
    open,
    wrap(kv: Deno.Kv): Deno.Kv {
      return new Proxy(kv, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (prop !== "atomic") return typeof value === "function" ? value.bind(target) : value;
          return () => {
            const op = target.atomic();
            let creates = false;
            const set = op.set.bind(op);
            op.set = (key, v, options) => {
              if (key[0] === "sandbox_intent_by_time") creates = true;
              return set(key, v, options);
            };
            const commit = op.commit.bind(op);
            op.commit = async () => {
              if (creates && holding) {
                state.held++;
                await gate;
              }
              return await commit();
            };
            return op;
          };
        },
      });
    },
  };
  return state;
}

Deno.test("[api] new checkouts: 32 at a time per instance, the others wait their turn, and a paying buyer's order goes through meanwhile", async () => {
  const gated = gatedIntents();
  await withServices(async ({ api, services }) => {
    const board = await productByName(services, "Vectra DSP Board");
    await services.products.update(board.id, { stock: 100 });
    const post = async (path: string, body: unknown, i: number) => {
      const res = await api.request(path, jsonRequest("POST", body), {
        clientAddress: `10.2.0.${i}`,
      });
      return { status: res.status, body: await res.json() };
    };
    const intentOf = (i: number) =>
      post(
        "/api/stripe/create-payment-intent",
        intentBody([{ id: board.id, price: 600, quantity: 1 }], { email: `b${i}@example.com` }),
        i,
      );
    const paying = await intentOf(0);
    assertEquals(paying.status, 200);

    gated.hold();
    const crowd = Array.from({ length: 40 }, (_, i) => intentOf(i + 1));
    for (let turn = 0; gated.held < 32 && turn < 1000; turn++) {
      await new Promise((r) => setTimeout(r, 1));
    }
    assertEquals(gated.held, 32, "32 new checkouts under way");

    // The buyer who is paying is not behind the 8 waiting: the card, then the order.
    const card = await post("/api/sandbox/confirm-card", {
      clientSecret: paying.body.clientSecret,
      paymentMethod: "pm_card_visa",
    }, 0);
    assertEquals(card.status, 200);
    const confirmed = await post("/api/stripe/confirm-payment", {
      paymentIntentId: paying.body.paymentIntentId,
      orderData: { customer: { email: "b0@example.com" } },
    }, 0);
    assertEquals(confirmed.status, 200);
    assert(confirmed.body.order.orderNumber);
    assertEquals(gated.held, 32, "the other 8 still wait their turn");

    gated.open();
    const answers = await Promise.all(crowd);
    assertEquals(answers.map((a) => a.status), Array(40).fill(200));
    assertEquals(gated.held, 40);
    assertEquals(new Set(answers.map((a) => a.body.paymentIntentId)).size, 40);
  }, { wrapKv: gated.wrap });
});
