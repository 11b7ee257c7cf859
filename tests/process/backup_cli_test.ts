import { openKv } from "../../src/store/kv.ts";
import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

async function task(args: string[], kvPath: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", ...args],
    cwd: ROOT,
    env: { KV_PATH: kvPath },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, text };
}

Deno.test({
  name:
    "[server] deno task backup / restore: a file KV to a file and into another, --force to replace",
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "shop-cli-" });
    try {
      const source = await openKv(`${dir}/source.kv`);
      await source.set(["product", "p1"], { name: "Board", priceCents: 60000 });
      await source.set(["counter"], new Deno.KvU64(42n));
      await source.set(["blob", "b1", 0], new Uint8Array([0, 255, 7]));
      source.close();

      const backup = await task(["backup", `${dir}/out/shop.jsonl`], `${dir}/source.kv`);
      assertEquals(backup.code, 0, backup.text);
      assertStringIncludes(backup.text, "Backed up 3 entries");
      const restore = await task(["restore", `${dir}/out/shop.jsonl`], `${dir}/target.kv`);
      assertEquals(restore.code, 0, restore.text);

      const target = await openKv(`${dir}/target.kv`);
      assertEquals((await target.get(["product", "p1"])).value, {
        name: "Board",
        priceCents: 60000,
      });
      const counter = (await target.get<Deno.KvU64>(["counter"])).value;
      assert(counter instanceof Deno.KvU64 && counter.value === 42n);
      assertEquals([...(await target.get<Uint8Array>(["blob", "b1", 0])).value!], [0, 255, 7]);
      target.close();

      const again = await task(["restore", `${dir}/out/shop.jsonl`], `${dir}/target.kv`);
      assertEquals(again.code, 1);
      assertStringIncludes(again.text, "The KV is not empty");
      const forced = await task(
        ["restore", `${dir}/out/shop.jsonl`, "--force"],
        `${dir}/target.kv`,
      );
      assertEquals(forced.code, 0, forced.text);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "[server] deno task restore of a backup without secrets says loudly whose two-factor is lost, and audits it",
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "shop-cli-" });
    try {
      const source = await openKv(`${dir}/source.kv`);
      const now = new Date().toISOString();
      const account = (id: string, email: string, twoFactor: boolean) => ({
        schemaVersion: 1,
        id,
        username: id,
        email,
        passwordHash: "x",
        role: "superadmin",
        status: "active",
        image: "",
        sessionEpoch: 0,
        twoFactor,
        createdAt: now,
        updatedAt: now,
      });
      await source.set(["admin", "a1"], account("a1", "boss@example.com", true));
      await source.set(["admin_2fa", "a1"], { sealed: "left out of the backup" });
      await source.set(["admin", "a2"], account("a2", "clerk@example.com", false));
      source.close();

      const backup = await task(["backup", `${dir}/shop.jsonl`], `${dir}/source.kv`);
      assertEquals(backup.code, 0, backup.text);
      const restore = await task(["restore", `${dir}/shop.jsonl`], `${dir}/target.kv`);
      assertEquals(restore.code, 0, restore.text);
      assertStringIncludes(restore.text, "WARNING: this backup holds no two-factor secrets");
      assertStringIncludes(restore.text, "1 account had two-factor authentication on");
      assertStringIncludes(restore.text, "  - boss@example.com");
      assert(!restore.text.includes("clerk@example.com"), "only the accounts that had it");

      const target = await openKv(`${dir}/target.kv`);
      const boss = (await target.get<{ twoFactorLost: boolean }>(["admin", "a1"])).value!;
      assertEquals(boss.twoFactorLost, true, "shown to staff");
      const audit = [];
      for await (const e of target.list<{ action: string }>({ prefix: ["audit", "admin", "a1"] })) {
        audit.push(e.value.action);
      }
      assertEquals(audit, ["admin.2fa.restore_lost"]);
      target.close();
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
