import { assert, assertEquals, assertRejects } from "../_lib/assert.ts";
import { batchedReads } from "../../src/store/read-batch.ts";
import { openKv } from "../../src/store/kv.ts";

/** A KV's reads held at a gate: each `getMany` it was sent, and `open()` lets them answer. */
async function gatedReads() {
  const kv = await Deno.openKv(":memory:");
  for (let i = 0; i < 30; i++) await kv.set(["p", i], { n: i });
  const sent: { keys: Deno.KvKey[]; consistency?: string }[] = [];
  let open = () => {};
  let gate = new Promise<void>((r) => open = r);
  const reads = batchedReads(async (keys, options) => {
    sent.push({ keys, consistency: options?.consistency });
    await gate;
    return await kv.getMany(keys, options);
  });
  return {
    kv,
    reads,
    sent,
    open() {
      open();
      gate = Promise.resolve();
    },
  };
}

const values = (entries: Deno.KvEntryMaybe<unknown>[]) =>
  entries.map((e) => (e.value as { n: number } | null)?.n ?? null);

Deno.test("reads asked while one is under way go together, each caller getting its own entries", async () => {
  const { kv, reads, sent, open } = await gatedReads();
  try {
    const first = reads.get(["p", 0]);
    const later = [
      reads.getMany([["p", 1], ["p", 2]]),
      reads.get(["p", 3]),
      reads.getMany([["p", 4], ["missing"], ["p", 4]]),
    ];
    await Promise.resolve();
    assertEquals(sent.length, 1, "one read under way, the others wait");
    open();
    assertEquals(values([await first]), [0]);
    assertEquals((await Promise.all(later)).map((e) => values(Array.isArray(e) ? e : [e])), [
      [1, 2],
      [3],
      [4, null, 4],
    ]);
    assertEquals(sent.length, 2, "the three waiting reads were one getMany");
    assertEquals(sent[1].keys.length, 6);
  } finally {
    kv.close();
  }
});

Deno.test("a batch holds at most 10 keys and never mixes consistency levels", async () => {
  const { kv, reads, sent, open } = await gatedReads();
  try {
    const first = reads.get(["p", 0]);
    const waiting = [
      ...Array.from({ length: 12 }, (_, i) => reads.get(["p", i])),
      reads.get(["p", 20], { consistency: "eventual" }),
      reads.get(["p", 21]),
    ];
    open();
    await first;
    const answers = await Promise.all(waiting);
    assertEquals(values(answers), [...Array.from({ length: 12 }, (_, i) => i), 20, 21]);
    assert(sent.every((s) => s.keys.length <= 10), "10 keys at most");
    assertEquals(sent.map((s) => s.keys.length), [1, 10, 2, 1, 1]);
    assertEquals(sent[3].consistency, "eventual");
  } finally {
    kv.close();
  }
});

Deno.test("a bad key fails only its own read, and more than 10 keys are refused as the KV does", async () => {
  const { kv, reads, open } = await gatedReads();
  try {
    const first = reads.get(["p", 0]);
    const good = reads.get(["p", 5]);
    const bad = reads.get(["x".repeat(3000)]).then(() => null, (err: Error) => err);
    const alsoGood = reads.getMany([["p", 6], ["p", 7]]);
    open();
    await first;
    assertEquals(values([await good]), [5]);
    const refused = await bad;
    assert(refused instanceof TypeError && /Key too large/.test(refused.message), `${refused}`);
    assertEquals(values(await alsoGood), [6, 7]);
    await assertRejects(
      () => reads.getMany(Array.from({ length: 11 }, (_, i) => ["p", i])),
      TypeError,
      "Too many ranges",
    );
    assertEquals(await reads.getMany([]), []);
  } finally {
    kv.close();
  }
});

Deno.test("through the store's KV, a crowd's reads see every write that ended before they were asked", async () => {
  const kv = await openKv(":memory:");
  try {
    const rounds = await Promise.all(Array.from({ length: 300 }, async (_, i) => {
      await kv.set(["crowd", i], i);
      const [mine, again] = await Promise.all([
        kv.get<number>(["crowd", i]),
        kv.getMany<[number, number]>([["crowd", i], ["crowd", -1]]),
      ]);
      return [mine.value, again[0].value, again[1].value];
    }));
    assertEquals(rounds, Array.from({ length: 300 }, (_, i) => [i, i, null]));
  } finally {
    kv.close();
  }
});
