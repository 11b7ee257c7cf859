import { crc32 } from "node:zlib";
import { openKv } from "../../src/store/kv.ts";
import { assert, assertEquals } from "../_lib/assert.ts";
import {
  confirmPayment,
  createIntent,
  intentBody,
  payWithToken,
  productByName,
} from "../_lib/checkout.ts";
import { withServices } from "../_lib/services.ts";
import { BackupError, restoreBackup, writeBackup } from "../../src/store/backup.ts";

/** Every entry, with KvU64 and bytes made comparable. */
async function snapshot(kv: Deno.Kv) {
  const out: { key: Deno.KvKey; value: unknown }[] = [];
  for await (const e of kv.list({ prefix: [] })) {
    const v = e.value;
    out.push({
      key: e.key.map((k) => k instanceof Uint8Array ? `bytes:${[...k]}` : k),
      value: v instanceof Deno.KvU64
        ? `u64:${v.value}`
        : v instanceof Uint8Array
        ? `bytes:${[...v]}`
        : v,
    });
  }
  return out;
}

// A 1x1 PNG with a 70 KB private chunk: uploaded images are stored as several chunks.
const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

/** `png` with an ancillary private chunk of `size` zero bytes (correct CRC) before its IEND. */
function withPrivateChunk(png: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const chunk = new Uint8Array(12 + size);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, size);
  chunk.set(new TextEncoder().encode("prVt"), 4);
  view.setUint32(8 + size, crc32(chunk.subarray(4, 8 + size)));
  const iend = png.length - 12;
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, iend));
  out.set(chunk, iend);
  out.set(png.subarray(iend), iend + chunk.length);
  return out;
}

Deno.test("[store] backup and restore: a shop with orders, admins and images round-trips exactly", () =>
  withServices(async ({ kv, services, api }) => {
    const board = await productByName(services, "Vectra DSP Board");
    const intent = await createIntent(api, intentBody([{ id: board.id, price: 600, quantity: 2 }]));
    await (await payWithToken(api, intent.clientSecret, "pm_card_visa")).body?.cancel();
    await confirmPayment(api, intent.paymentIntentId);
    const big = withPrivateChunk(PNG, 70_000);
    const actor = { id: "test", email: "test@example.com", role: "system" as const };
    await services.uploads.saveImage(actor, new File([big], "board.png"));
    // Types the shop's records do not use yet, all of which KV can hold.
    await kv.set(["ops_test", "counter"], new Deno.KvU64(2n ** 63n + 5n));
    await kv.set(["ops_test", 7n, true, new Uint8Array([1, 2])], {
      $weird: "a $-key",
      when: new Date("2026-01-02T03:04:05Z"),
      nothing: undefined,
      big: 12345678901234567890n,
      odd: [NaN, -Infinity, -0],
      tags: new Set(["a"]),
      index: new Map([[1, "one"]]),
    });
    const before = await snapshot(kv);
    assert(before.some((e) => String(e.key[0]) === "order"), "the shop has an order");
    assert(before.some((e) => String(e.key[0]) === "admin"), "and admins");
    assert(before.filter((e) => String(e.key[0]) === "blob").length >= 2, "and image chunks");

    const dir = await Deno.makeTempDir({ prefix: "shop-backup-" });
    const file = `${dir}/shop.jsonl`;
    try {
      const out = await Deno.open(file, { write: true, create: true });
      // Everything, secrets included, to compare every entry (what is left out by default:
      // tests/security/secrets_at_rest_test.ts).
      const written = await writeBackup(kv, out.writable, { includeSecrets: true });
      assertEquals(written.entries, before.length);
      const open = async () => (await Deno.open(file)).readable;

      const target = await openKv(":memory:");
      try {
        assertEquals(await restoreBackup(target, open), before.length);
        const after = await snapshot(target);
        for (let i = 0; i < before.length; i++) {
          assertEquals(after[i], before[i], `entry ${i}: ${String(before[i].key)}`);
        }
        assertEquals(after.length, before.length);
        const weird = (await target.get(["ops_test", 7n, true, new Uint8Array([1, 2])])).value;
        assertEquals(weird, (await kv.get(["ops_test", 7n, true, new Uint8Array([1, 2])])).value);
        const counter = (await target.get<Deno.KvU64>(["ops_test", "counter"])).value!;
        assert(counter instanceof Deno.KvU64 && counter.value === 2n ** 63n + 5n, "a KvU64");

        // A KV that holds anything is refused, unless forced (which replaces its content).
        await target.set(["stray"], 1);
        let refused: unknown;
        await restoreBackup(target, open).catch((err) => refused = err);
        assert(refused instanceof BackupError && /not empty/.test(refused.message));
        assertEquals((await target.get(["stray"])).value, 1, "nothing changed");
        await restoreBackup(target, open, { force: true });
        assertEquals(await snapshot(target), before);

        // A truncated file is refused before any write.
        const text = await Deno.readTextFile(file);
        await Deno.writeTextFile(file, text.slice(0, text.lastIndexOf('{"end"')));
        const empty = await openKv(":memory:");
        let truncated: unknown;
        await restoreBackup(empty, open).catch((err) => truncated = err);
        assert(truncated instanceof BackupError, "a truncated backup is refused");
        assertEquals((await snapshot(empty)).length, 0);
        empty.close();
      } finally {
        target.close();
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  }));
