import { assert, assertEquals, assertRejects } from "../_lib/assert.ts";
import { withMemoryKv } from "../_lib/kv.ts";
import { StoreBusyError } from "../../src/domain/errors.ts";
import { busyTolerant, openKv } from "../../src/store/kv.ts";
import { readThrough } from "../../src/store/atomic.ts";
import { createOrderSteps, type Staged } from "../../src/store/order-steps.ts";

const COUNTER = ["counter", "test"];

/**
 * A step as an order's: reads the counter through its operation, takes the next number and
 * writes it, checked; records which operation it was staged in.
 */
function numbering(kv: Deno.Kv, seen: Map<string, Deno.AtomicOperation>, name: string) {
  return async (op: Deno.AtomicOperation): Promise<Staged<number>> => {
    const [counter] = await readThrough<[number]>(kv, op, [COUNTER]);
    const next = (counter.value ?? 0) + 1;
    op.check(counter).set(COUNTER, next).set(["numbered", next], name);
    seen.set(name, op);
    return { writes: true, value: next };
  };
}

Deno.test("[store] order steps: steps waiting together share one commit, each reading what the ones before it wrote", async () => {
  await withMemoryKv(async (kv) => {
    const steps = createOrderSteps(kv);
    const seen = new Map<string, Deno.AtomicOperation>();
    const names = ["a", "b", "c", "d", "e"];
    const numbers = await Promise.all(
      names.map((name) => steps.run(name, true, numbering(kv, seen, name))),
    );
    assertEquals(numbers, [1, 2, 3, 4, 5]);
    assertEquals((await kv.get(COUNTER)).value, 5);
    for (const [n, name] of names.entries()) {
      assertEquals((await kv.get(["numbered", n + 1])).value, name);
    }
    // The first went alone; the four that waited meanwhile went together.
    assertEquals(new Set(names.slice(1).map((n) => seen.get(n))).size, 1);
    assertEquals(seen.get("a") === seen.get("b"), false);
  });
});

Deno.test("[store] order steps: two steps of one payment, or one not joinable, never share a commit", async () => {
  await withMemoryKv(async (kv) => {
    const steps = createOrderSteps(kv);
    const seen = new Map<string, Deno.AtomicOperation>();
    const numbers = await Promise.all([
      steps.run("pi_1", true, numbering(kv, seen, "first")),
      steps.run("pi_2", true, numbering(kv, seen, "second")),
      steps.run("pi_2", true, numbering(kv, seen, "second again")),
      steps.run("pi_3", false, numbering(kv, seen, "alone")),
      steps.run("pi_4", true, numbering(kv, seen, "fourth")),
    ]);
    assertEquals(numbers.toSorted(), [1, 2, 3, 4, 5]);
    assertEquals(seen.get("second") === seen.get("second again"), false);
    for (const other of ["first", "second", "second again", "fourth"]) {
      assertEquals(seen.get("alone") === seen.get(other), false);
    }
  });
});

Deno.test("[store] order steps: a step that throws beside others gets its error alone; the others land", async () => {
  await withMemoryKv(async (kv) => {
    const steps = createOrderSteps(kv);
    const seen = new Map<string, Deno.AtomicOperation>();
    const first = steps.run("a", true, numbering(kv, seen, "a"));
    const b = steps.run("b", true, numbering(kv, seen, "b"));
    const failing = steps.run("c", true, async (op) => {
      await numbering(kv, seen, "c")(op);
      throw new Error("refused");
    });
    const d = steps.run("d", true, numbering(kv, seen, "d"));
    await assertRejects(() => failing, Error, "refused");
    assertEquals([await first, await b, await d], [1, 2, 3]);
    assertEquals((await kv.get(COUNTER)).value, 3);
    assertEquals((await kv.get(["numbered", 4])).value, null);
  });
});

Deno.test("[store] order steps: a combined commit another writer beats runs each step again alone, read afresh", async () => {
  await withMemoryKv(async (kv) => {
    const steps = createOrderSteps(kv);
    const seen = new Map<string, Deno.AtomicOperation>();
    let moved = false;
    const first = steps.run("a", true, numbering(kv, seen, "a"));
    const together = ["b", "c", "d"].map((name) =>
      steps.run(name, true, async (op) => {
        const staged = await numbering(kv, seen, name)(op);
        // Another instance takes a number between the reads and the combined commit.
        if (name === "d" && !moved) {
          moved = true;
          const [counter] = await kv.getMany<[number]>([COUNTER]);
          await kv.set(COUNTER, (counter.value ?? 0) + 1);
        }
        return staged;
      })
    );
    assertEquals(await first, 1);
    const numbers = await Promise.all(together);
    // The other instance took 2; the three went again one at a time after it.
    assertEquals(numbers, [3, 4, 5]);
    assertEquals((await kv.get(COUNTER)).value, 5);
  });
});

Deno.test("[store] order steps: a busy store answers every step of a combined commit busy at once, none waits again alone", async () => {
  const real = await openKv(":memory:");
  try {
    let busy = false;
    let commits = 0;
    // The KV as a store another process holds would answer: every commit refused as busy.
    const kv = new Proxy(real, {
      get(target, prop) {
        if (prop !== "atomic") return Reflect.get(target, prop, target).bind(target);
        return () => {
          const op = target.atomic();
          const commit = op.commit.bind(op);
          op.commit = () => {
            commits++;
            return busy ? Promise.reject(new StoreBusyError()) : commit();
          };
          return op;
        };
      },
    });
    const steps = createOrderSteps(kv);
    const seen = new Map<string, Deno.AtomicOperation>();
    const first = steps.run("a", true, numbering(kv, seen, "a"));
    const others = ["b", "c", "d"].map((name) =>
      steps.run(name, true, async (op) => {
        busy = true;
        return await numbering(kv, seen, name)(op);
      })
    );
    assertEquals(await first, 1);
    for (const step of others) await assertRejects(() => step, StoreBusyError);
    assertEquals(commits, 2, "the first alone, then the three together, once");
  } finally {
    real.close();
  }
});

/**
 * A KV whose commits wait at a gate while one is set (`hold`) and note when they land: the
 * server's wiring (`busyTolerant`, its group commit) over it.
 */
async function gatedKv() {
  const raw = await Deno.openKv(":memory:");
  const events: string[] = [];
  let gate: Promise<void> | undefined;
  const gated = new Proxy(raw, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== "atomic") return typeof value === "function" ? value.bind(target) : value;
      return () => {
        const op = target.atomic();
        const commit = op.commit.bind(op);
        op.commit = async () => {
          await gate;
          const result = await commit();
          events.push(result.ok ? "landed" : "refused");
          return result;
        };
        return op;
      };
    },
  });
  return {
    raw,
    kv: busyTolerant(gated),
    events,
    /** Holds every commit from now until the returned function is called. */
    hold() {
      const { promise, resolve } = Promise.withResolvers<void>();
      gate = promise;
      return () => {
        gate = undefined;
        resolve();
      };
    },
  };
}

/** Turns of the event loop until `done()` holds (at most 200). */
async function until(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 0));
  assert(done(), "waited 200 turns");
}

Deno.test("[store] order steps: the next steps are staged while the ones before them commit, on what those write; a step of a payment under way waits for it", async () => {
  const { raw, kv, events, hold } = await gatedKv();
  try {
    const steps = createOrderSteps(kv);
    const seen = new Map<string, Deno.AtomicOperation>();
    const staged: string[] = [];
    const noting = (name: string) => {
      const step = numbering(kv, seen, name);
      return async (op: Deno.AtomicOperation) => {
        const outcome = await step(op);
        staged.push(`${name} after ${events.length} landed`);
        return outcome;
      };
    };
    const release = hold();
    const first = steps.run("pi_1", true, noting("first"));
    await until(() => staged.length === 1);
    const second = steps.run("pi_2", true, noting("second"));
    const third = steps.run("pi_3", true, noting("third"));
    const again = steps.run("pi_1", true, noting("first's payment again"));
    await until(() => staged.length === 3);
    assertEquals(events, [], "nothing has landed yet");
    release();
    assertEquals(await Promise.all([first, second, third, again]), [1, 2, 3, 4]);
    assertEquals(staged, [
      "first after 0 landed",
      "second after 0 landed",
      "third after 0 landed",
      "first's payment again after 1 landed",
    ]);
    assertEquals(seen.get("second") === seen.get("third"), true);
    assertEquals(seen.get("first") === seen.get("second"), false);
    assertEquals(events, ["landed", "landed", "landed"]);
    assertEquals((await kv.get(COUNTER)).value, 4);
    for (const [n, name] of ["first", "second", "third", "first's payment again"].entries()) {
      assertEquals((await kv.get(["numbered", n + 1])).value, name);
    }
  } finally {
    raw.close();
  }
});

Deno.test("[store] order steps: when the commit under way fails, the steps staged on it are staged again on what the KV then holds", async () => {
  const { raw, kv, events, hold } = await gatedKv();
  try {
    const steps = createOrderSteps(kv);
    const seen = new Map<string, Deno.AtomicOperation>();
    const runs = new Map<string, number>();
    const counting = (name: string) => {
      const step = numbering(kv, seen, name);
      return (op: Deno.AtomicOperation) => {
        runs.set(name, (runs.get(name) ?? 0) + 1);
        return step(op);
      };
    };
    const release = hold();
    const first = steps.run("a", true, counting("a"));
    await until(() => seen.has("a"));
    const others = ["b", "c"].map((name) => steps.run(name, true, counting(name)));
    await until(() => seen.has("c"));
    // Another instance takes a number before the first commit lands: it fails its check.
    await raw.set(COUNTER, 1);
    release();
    assertEquals(await Promise.all([first, ...others]), [2, 3, 4]);
    assertEquals(events[0], "refused");
    assertEquals((await kv.get(COUNTER)).value, 4);
    assertEquals(runs.get("b"), 2, "staged on the refused commit, then again");
    assertEquals(runs.get("c"), 2);
    for (const [n, name] of ["a", "b", "c"].entries()) {
      assertEquals((await kv.get(["numbered", n + 2])).value, name);
    }
  } finally {
    raw.close();
  }
});
