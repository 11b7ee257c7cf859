import { assert, assertEquals } from "../_lib/assert.ts";
import { StoreBusyError } from "../../src/domain/errors.ts";
import { openKv } from "../../src/store/kv.ts";
import { atSpeed } from "../_lib/clock.ts";

/**
 * The store's 10 s bound is waited out on a clock 10 times faster (`atSpeed`): the same steps,
 * 1 s each instead of 10. The lock holders keep real time, so they still hold it throughout, and
 * so does SQLite's own wait for a lock (5 s per attempt): a write lock is answered after 5 s.
 */
const SPEED = 10;
const realNow = performance.now.bind(performance);

/**
 * Another process holding the KV file for up to `ms` (`release()` lets it go): `script` is
 * tests/_lib/sqlite-lock.ts (SQLite's write lock, as the `sqlite3` shell would) or
 * tests/_lib/kv-turn-holder.ts (another instance's turn at the file's commits, hung).
 */
async function lockHolder(file: string, ms: number, script = "sqlite-lock.ts") {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(`../_lib/${script}`, import.meta.url).pathname, file, `${ms}`],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let said = "";
  while (!/locked|holding/.test(said)) {
    const { value, done } = await lines.read();
    if (done) throw new Error("the lock holder exited before taking the lock");
    said += value;
  }
  let held = true;
  const exited = child.status.then(async (status) => {
    held = false;
    while (!(await lines.read()).done) { /* drain */ }
    return status;
  });
  return {
    /** Whether it still holds the lock (it lets go when released or after `ms`). */
    get held() {
      return held;
    },
    async release() {
      await child.stdin.close().catch(() => {});
      return await exited;
    },
  };
}

Deno.test({
  name:
    "[store] a write lock held by another process: a lone write and the 7 grouped behind it are all answered busy within the bound, none waits for the lock to go",
  fn: () =>
    atSpeed(SPEED, async () => {
      const dir = await Deno.makeTempDir({ prefix: "shop-busy-" });
      const file = `${dir}/shop.kv`;
      const kv = await openKv(file);
      try {
        await kv.set(["before"], 1);
        // Held for 25 s, longer than the 10 s bound (as in the audit's experiment).
        const holder = await lockHolder(file, 25_000);
        const started = realNow();
        const answered: number[] = [];
        const settle = (p: Promise<unknown>) =>
          p.then(
            () => "written",
            (err) => err instanceof StoreBusyError ? "busy" : String(err),
          ).finally(() => answered.push(realNow() - started));
        const lone = settle(kv.set(["lone"], 1));
        await new Promise((r) => setTimeout(r, 50));
        // Submitted together while the lone write waits: one group behind it.
        const grouped = [
          ...Array.from({ length: 6 }, (_, i) => settle(kv.set(["grouped", i], i))),
          settle(
            kv.atomic().check({ key: ["checked"], versionstamp: null }).set(["checked"], 1)
              .commit(),
          ),
        ];
        const outcomes = await Promise.all([lone, ...grouped]);
        const stillHeld = holder.held;
        assertEquals((await holder.release()).code, 0);
        console.log(
          `answered after ${answered.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s (real time)`,
        );
        assertEquals(outcomes, Array(8).fill("busy"), "every write answered 503 store_busy");
        assert(stillHeld, "answered while the lock was still held, not when it was let go");
        for (const key of [["lone"], ["grouped", 0], ["checked"]]) {
          assertEquals((await kv.get(key)).versionstamp, null, "nothing written");
        }
        assert((await kv.set(["after"], 1)).ok, "the store writes again once the lock is gone");
      } finally {
        kv.close();
        await Deno.remove(dir, { recursive: true });
      }
    }),
});

Deno.test({
  name:
    "[store] two instances on one KV file: one waiting for the other's turn at its commits keeps reading; a turn that never ends is answered busy within the bound",
  fn: () =>
    atSpeed(SPEED, async () => {
      const dir = await Deno.makeTempDir({ prefix: "shop-turns-" });
      const file = `${dir}/shop.kv`;
      const kv = await openKv(file);
      try {
        await kv.set(["page"], "catalogue");
        // The other instance hangs in its turn (longer than the bound).
        const other = await lockHolder(file, 25_000, "kv-turn-holder.ts");
        let written = "";
        const write = kv.set(["order"], 1).then(
          () => written = "written",
          (err) => written = err instanceof StoreBusyError ? "busy" : String(err),
        );
        // Waiting for a turn happens outside SQLite: this instance's reads are not queued
        // behind its waiting write (a write waiting in SQLite's lock stalled every read).
        for (let i = 0; i < 20; i++) {
          assertEquals((await kv.get(["page"])).value, "catalogue");
          await new Promise((r) => setTimeout(r, 10));
        }
        assertEquals(written, "", "the write waits for its turn meanwhile");
        await write;
        const stillHeld = other.held;
        assertEquals((await other.release()).code, 0);
        assertEquals(written, "busy", "503 store_busy");
        assert(stillHeld, "answered while the other instance still held its turn");
        assertEquals((await kv.get(["order"])).versionstamp, null, "nothing written");
        assert((await kv.set(["order"], 2)).ok, "the next write takes its turn at once");
      } finally {
        kv.close();
        await Deno.remove(dir, { recursive: true });
      }
    }),
});

Deno.test({
  name:
    "[store] a write lock held by another process: reads are answered while a write waits in SQLite's lock, and see the write once it lands",
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "shop-reads-" });
    const file = `${dir}/shop.kv`;
    const kv = await openKv(file);
    try {
      await kv.set(["page", "home"], "catalogue");
      const holder = await lockHolder(file, 3_000);
      let written = "";
      const write = kv.set(["order"], 1).then(
        () => written = "written",
        (err) => written = String(err),
      );
      // Reads have a connection of their own: on the writer's, each waited behind the write
      // for SQLite's lock (up to 5 s an attempt).
      for (let i = 0; i < 5; i++) {
        assertEquals((await kv.get(["page", "home"])).value, "catalogue");
        assertEquals((await kv.getMany([["page", "home"], ["order"]])).map((e) => e.value), [
          "catalogue",
          null,
        ]);
        assertEquals((await Array.fromAsync(kv.list({ prefix: ["page"] }))).length, 1);
      }
      assertEquals(written, "", "the write still waits for the lock");
      assert(holder.held);
      assertEquals((await holder.release()).code, 0);
      await write;
      assertEquals(written, "written");
      assertEquals((await kv.get(["order"])).value, 1, "a read after a write sees it");
    } finally {
      kv.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
