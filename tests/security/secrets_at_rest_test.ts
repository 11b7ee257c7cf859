import { SignJWT } from "jose";
import { startServer } from "../../src/server/serve.ts";
import { openKv } from "../../src/store/kv.ts";
import { decodeValue, writeBackup } from "../../src/store/backup.ts";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "../_lib/assert.ts";
import { login, SUPERADMIN } from "../_lib/admin.ts";
import { testConfig, withServices } from "../_lib/services.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const modeOf = async (path: string) => ((await Deno.stat(path)).mode ?? 0) & 0o777;

async function withTempDir(fn: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "shop-secrets-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The entries of a backup file (header and end lines dropped). */
async function backupEntries(file: string) {
  const lines = (await Deno.readTextFile(file)).trim().split("\n").map((l) => JSON.parse(l));
  return {
    header: lines[0],
    entries: lines.slice(1, -1).map((o) => ({
      key: (o.k as unknown[]).map(decodeValue) as Deno.KvKey,
      value: decodeValue(o.v),
    })),
  };
}

Deno.test("[security] secrets at rest: the KV file, its -wal and -shm are 0600 in a 0700 folder", () =>
  withTempDir(async (dir) => {
    const path = `${dir}/data/shop.kv`;
    const kv = await openKv(path);
    await kv.set(["product", "p1"], { name: "Board" });
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      assertEquals((await modeOf(file)).toString(8), "600", file);
    }
    assertEquals((await modeOf(`${dir}/data`)).toString(8), "700", "the folder it made");
    kv.close();

    // A KV file made by an older version (0644 in a 0755 folder) is tightened on open.
    await Deno.mkdir(`${dir}/old`, { mode: 0o755 });
    await Deno.chmod(`${dir}/old`, 0o755);
    const older = await Deno.openKv(`${dir}/old/shop.kv`);
    await older.set(["x"], 1);
    older.close();
    await Deno.chmod(`${dir}/old/shop.kv`, 0o644);
    const reopened = await openKv(`${dir}/old/shop.kv`);
    assertEquals((await modeOf(`${dir}/old/shop.kv`)).toString(8), "600");
    assertEquals((await modeOf(`${dir}/old`)).toString(8), "700");
    reopened.close();
  }));

Deno.test({
  name:
    "[security] secrets at rest: deno task backup writes 0600 in 0700 and leaves sessions, counters and secrets out unless --include-secrets",
  sanitizeResources: false,
  async fn() {
    await withTempDir(async (dir) => {
      const kvPath = `${dir}/shop.kv`;
      const kv = await openKv(kvPath);
      await kv.set(["product", "p1"], { name: "Board" });
      await kv.set(["secret", "jwt"], "a generated signing key");
      await kv.set(["admin_session", "0123abcd"], { adminId: "a1", epoch: 0, expiresAt: 1 });
      await kv.set(["rate_limit", "login_pair", "x 1.2.3.4"], { n: 3, until: 1, at: 1 });
      kv.close();

      const run = async (...args: string[]) => {
        const out = await new Deno.Command(Deno.execPath(), {
          args: ["run", "-A", "--unstable-kv", "tasks/backup.ts", ...args],
          cwd: ROOT,
          env: { KV_PATH: kvPath },
          stdout: "piped",
          stderr: "piped",
        }).output();
        const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
        assertEquals(out.code, 0, text);
        return text;
      };
      const said = await run(`${dir}/backups/plain.jsonl`);
      assertStringIncludes(said, "Backed up 1 entries");
      assertStringIncludes(
        said,
        "Left out 3 entries: sessions, rate-limit counters and generated secrets",
      );
      assertEquals((await modeOf(`${dir}/backups/plain.jsonl`)).toString(8), "600");
      assertEquals((await modeOf(`${dir}/backups`)).toString(8), "700");
      const plain = await backupEntries(`${dir}/backups/plain.jsonl`);
      assertEquals(plain.header.secrets, "left out");
      assertEquals(plain.entries.map((e) => e.key[0]), ["product"]);

      const full = await run(`${dir}/backups/full.jsonl`, "--include-secrets");
      assertStringIncludes(full, "Backed up 4 entries");
      assertStringIncludes(full, "are included");
      assertEquals((await modeOf(`${dir}/backups/full.jsonl`)).toString(8), "600");
      assertEquals((await backupEntries(`${dir}/backups/full.jsonl`)).header.secrets, "included");
    });
  },
});

Deno.test("[security] secrets at rest: no token can be minted from a backup of a signed-in shop", () =>
  // No JWT_SECRET: the development default, a signing key generated once and kept in KV.
  withServices(async (t) => {
    const boss = await login(t, SUPERADMIN.email, SUPERADMIN.password);
    await withTempDir(async (dir) => {
      for (const includeSecrets of [false, true]) {
        const file = `${dir}/shop-${includeSecrets}.jsonl`;
        const out = await Deno.open(file, { write: true, create: true });
        await writeBackup(t.kv, out.writable, { includeSecrets });
        const { entries } = await backupEntries(file);
        const text = await Deno.readTextFile(file);
        const { jti } = JSON.parse(
          atob(boss.token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")),
        );
        assert(!text.includes(jti), "no session id in the file");
        // The attack: the signing key and a session id, as the backup holds them.
        const secret = entries.find((e) => e.key[0] === "secret" && e.key[1] === "jwt")?.value;
        assertEquals(secret !== undefined, includeSecrets, "the key only when asked");
        const stored = entries.filter((e) => e.key[0] === "admin_session");
        assertEquals(stored.length > 0, includeSecrets, "sessions only when asked");
        for (const sessionId of stored.length ? stored.map((e) => String(e.key[1])) : ["none"]) {
          const forged = await new SignJWT({ role: "superadmin" })
            .setProtectedHeader({ alg: "HS256", typ: "JWT" })
            .setSubject(boss.id)
            .setJti(sessionId)
            .setIssuer("shop")
            .setAudience("shop-admin")
            .setIssuedAt()
            .setExpirationTime("1h")
            .sign(new TextEncoder().encode(String(secret ?? "guess")));
          const res = await t.api.request("/api/auth/verify", {
            headers: { Authorization: `Bearer ${forged}` },
          });
          await res.body?.cancel();
          assertEquals(res.status, 401, `a token minted from the backup (${includeSecrets})`);
        }
      }
    });
    // The real session still works: the refusals are about the forgeries.
    const res = await t.api.request("/api/auth/verify", { headers: boss.headers });
    await res.body?.cancel();
    assertEquals(res.status, 200);
  }, { config: { jwtSecret: undefined } }));

Deno.test("[security] secrets at rest: production refuses to start without a JWT_SECRET (and with a short one)", async () => {
  const production = (jwtSecret: string | undefined) =>
    testConfig({
      shopEnv: "production",
      jwtSecret,
      stripe: { secretKey: "sk_live_x", publishableKey: "pk_live_x" },
    });
  const start = (config: ReturnType<typeof testConfig>) => () =>
    startServer(
      () => Promise.resolve(new Response("never")),
      new URL("./no-build/", import.meta.url),
      config,
    );
  await assertRejects(start(production(undefined)), Error, "SHOP_ENV=production needs JWT_SECRET");
  await assertRejects(start(production("too short")), Error, "JWT_SECRET must be at least 32");
});
