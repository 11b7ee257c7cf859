/**
 * `deno task backup [file] [--include-secrets]`: writes the keys and values of the shop's KV
 * (KV_PATH) to a JSON-lines file, `backups/shop-<time>.jsonl` by default, readable by its owner
 * only (0600, in a 0700 folder). Sessions, rate-limit counters and generated secrets are left
 * out unless --include-secrets. Safe on a running shop (see docs/operating.md, "Backup").
 * The file appears only once complete.
 */
import { loadConfig } from "../src/services/config.ts";
import { writeBackup } from "../src/store/backup.ts";
import { privateFolder } from "../src/store/file-modes.ts";
import { openKv } from "../src/store/kv.ts";

const includeSecrets = Deno.args.includes("--include-secrets");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = Deno.args.find((a) => !a.startsWith("--")) ?? `backups/shop-${stamp}.jsonl`;
const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
if (dir) await privateFolder(dir);

const { kvPath, kvAccessToken } = loadConfig();
const kv = await openKv(kvPath, { accessToken: kvAccessToken });
const partial = `${file}.partial`;
try {
  const out = await Deno.open(partial, { write: true, create: true, truncate: true, mode: 0o600 });
  // A partial file left by an earlier crash keeps its mode: make it private too.
  await Deno.chmod(partial, 0o600);
  const { entries, leftOut } = await writeBackup(kv, out.writable, { includeSecrets });
  await Deno.rename(partial, file);
  console.log(`Backed up ${entries} entries of ${kvPath} to ${file} (owner-only, 0600)`);
  console.log(
    includeSecrets
      ? "Sessions, rate-limit counters and generated secrets are included: keep this file as secret as the KV."
      : `Left out ${leftOut} entries: sessions, rate-limit counters and generated secrets (--include-secrets keeps them).`,
  );
} catch (err) {
  await Deno.remove(partial).catch(() => {});
  console.error(`Backup failed: ${err instanceof Error ? err.message : err}`);
  Deno.exitCode = 1;
} finally {
  kv.close();
}
