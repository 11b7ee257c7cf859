/**
 * `deno task restore <file> [--force]`: loads a backup into the shop's KV (KV_PATH). Refuses
 * a KV that holds anything unless --force (which empties it first). Stop the shop first.
 */
import { loadConfig } from "../src/services/config.ts";
import { restoreBackup } from "../src/store/backup.ts";
import { openKv } from "../src/store/kv.ts";

const force = Deno.args.includes("--force");
const file = Deno.args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("Usage: deno task restore <file> [--force]");
  Deno.exit(2);
}

const { kvPath, kvAccessToken } = loadConfig();
const kv = await openKv(kvPath, { accessToken: kvAccessToken });
try {
  const open = async () => (await Deno.open(file, { read: true })).readable;
  const entries = await restoreBackup(kv, open, { force });
  console.log(`Restored ${entries} entries from ${file} into ${kvPath}`);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : err}`);
  Deno.exitCode = 1;
} finally {
  kv.close();
}
