import { assert, assertEquals, assertRejects } from "../_lib/assert.ts";
import { BUSY_WAIT_MS, openKv } from "../../src/store/kv.ts";
import { conflict, done, retryOnConflict } from "../../src/store/atomic.ts";
import { createGroupCommit, GroupedAtomic } from "../../src/store/group-commit.ts";

/** A group commit on a bare KV, with its commits and the mutations they send counted. */
async function counted() {
  const kv = await Deno.openKv(":memory:");
  const counter = { commits: 0, mutations: 0 };
  const group = createGroupCommit(() => {
    const op = kv.atomic();
    const commit = op.commit.bind(op);
    const mutate = op.mutate.bind(op);
    op.commit = () => {
      counter.commits++;
      return commit();
    };
    op.mutate = (...mutations) => {
      counter.mutations += mutations.length;
      return mutate(...mutations);
    };
    return op;
  }, { waitMs: BUSY_WAIT_MS, storeBusy: () => false });
  const atomic = () => new GroupedAtomic(group.submit);
  return { kv, counter, atomic };
}

Deno.test("[store] group commit: 300 concurrent writes of different keys land in a few commits", async () => {
  const { kv, counter, atomic } = await counted();
  try {
    const results = await Promise.all(
      Array.from(
        { length: 300 },
        (_, i) =>
          atomic().check({ key: ["claim", i], versionstamp: null }).set(["claim", i], i).commit(),
      ),
    );
    assert(results.every((r) => r.ok));
    for (let i = 0; i < 300; i++) assertEquals((await kv.get(["claim", i])).value, i);
    assert(counter.commits <= 300 / 32 + 2, `300 writes, ${counter.commits} commits`);
  } finally {
    kv.close();
  }
});

Deno.test("[store] group commit: a failed check fails its own operation only; the others land", async () => {
  const { kv, atomic } = await counted();
  try {
    await kv.set(["taken"], "first");
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => atomic().set(["free", i], i).commit()),
      atomic().check({ key: ["taken"], versionstamp: null }).set(["taken"], "second").commit(),
      ...Array.from({ length: 20 }, (_, i) => atomic().set(["free", 20 + i], i).commit()),
    ]);
    assertEquals(results.filter((r) => !r.ok).length, 1);
    assertEquals(results[20].ok, false, "the operation whose check failed");
    assertEquals((await kv.get(["taken"])).value, "first");
    for (let i = 0; i < 40; i++) assert((await kv.get(["free", i])).versionstamp);
  } finally {
    kv.close();
  }
});

Deno.test("[store] group commit: an operation over the KV's limits throws alone", async () => {
  const { kv, atomic } = await counted();
  try {
    const big = "x".repeat(60_000);
    const ops = Array.from({ length: 20 }, (_, i) => atomic().set(["big", i], big).commit());
    const tooLarge = atomic().set(["huge"], "x".repeat(70_000)).commit();
    const tooManyChecks = atomic();
    for (let i = 0; i < 101; i++) tooManyChecks.check({ key: ["c", i], versionstamp: null });
    const refused = tooManyChecks.set(["checked"], 1).commit();
    const after = atomic().set(["after"], 1).commit();
    const results = await Promise.all(ops);
    assert(results.every((r) => r.ok), "20 x 60 KB: more than one commit may take, all land");
    await assertRejects(() => tooLarge);
    await assertRejects(() => refused);
    assert((await after).ok, "the operations behind them land");
    assertEquals((await kv.get(["huge"])).versionstamp, null);
    assertEquals((await kv.get(["checked"])).versionstamp, null);
  } finally {
    kv.close();
  }
});

Deno.test("[store] group commit through the server's KV: 200 racing read-check-write increments of one counter lose none", async () => {
  const kv = await openKv(":memory:");
  try {
    const increment = () =>
      retryOnConflict(async () => {
        const entry = await kv.get<number>(["counter"]);
        const next = (entry.value ?? 0) + 1;
        const result = await kv.atomic().check(entry).set(["counter"], next)
          .set(["counted", next], true).commit();
        return result.ok ? done(next) : conflict;
      }, 1000);
    const values = await Promise.all(Array.from({ length: 200 }, increment));
    assertEquals((await kv.get(["counter"])).value, 200);
    assertEquals(new Set(values).size, 200, "every increment got its own number");
    const plain = await Promise.all(
      Array.from({ length: 50 }, (_, i) => kv.set(["plain", i], i)),
    );
    assert(plain.every((r) => r.ok));
    await kv.delete(["plain", 0]);
    assertEquals((await kv.get(["plain", 0])).value, null);
  } finally {
    kv.close();
  }
});

Deno.test("[store] group commit: an operation reads back each key it writes, and no other", async () => {
  const { kv, atomic } = await counted();
  try {
    const op = atomic()
      .set(["k", 1], "number one")
      .set(["k", NaN], "not a number")
      .set(["k", 0], "zero")
      .set(["k", new Uint8Array([1, 2])], "bytes")
      .set(["k", 'quote"[', 2], "a string that looks like JSON");
    assertEquals(op.written(["k", 1]), { value: "number one" });
    assertEquals(op.written(["k", "1"]), undefined);
    assertEquals(op.written(["k", NaN]), { value: "not a number" });
    assertEquals(op.written(["k", Infinity]), undefined);
    assertEquals(op.written(["k", -0]), undefined);
    assertEquals(op.written(["k", new Uint8Array([1, 2])]), { value: "bytes" });
    assertEquals(op.written(["k", 'quote"[', 2]), { value: "a string that looks like JSON" });
    assertEquals(op.written(["k", 'quote"[2']), undefined);
    op.delete(["k", 1]);
    assertEquals(op.written(["k", 1]), { value: null });
  } finally {
    kv.close();
  }
});

Deno.test("[store] group commit: a key written again after a read back is sent once, as the last write leaves it", async () => {
  const { kv, counter, atomic } = await counted();
  try {
    const op = atomic();
    op.set(["figures"], { orders: 1 });
    assertEquals(op.written(["figures"]), { value: { orders: 1 } });
    op.set(["figures"], { orders: 2 }).set(["total"], new Deno.KvU64(1n)).sum(["total"], 2n)
      .set(["gone"], "x").delete(["gone"]).set(["figures"], { orders: 3 });
    assert((await op.commit()).ok);
    assertEquals((await kv.get(["figures"])).value, { orders: 3 });
    assertEquals((await kv.get(["total"])).value, new Deno.KvU64(3n), "a sum adds to the set");
    assertEquals((await kv.get(["gone"])).value, null);
    assertEquals(counter.mutations, 4, "figures once, the set and its sum, the delete");
  } finally {
    kv.close();
  }
});

Deno.test("[store] group commit: 1,000 queued operations of 4 checks each all land, 25 to a commit", async () => {
  const { kv, counter, atomic } = await counted();
  try {
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => {
      const op = atomic();
      for (let c = 0; c < 4; c++) op.check({ key: ["claim", i, c], versionstamp: null });
      return op.set(["claim", i, 0], i).commit();
    }));
    assert(results.every((r) => r.ok));
    for (let i = 0; i < 1000; i += 111) assertEquals((await kv.get(["claim", i, 0])).value, i);
    assertEquals(counter.commits, 40);
  } finally {
    kv.close();
  }
});
