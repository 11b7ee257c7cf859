/**
 * `deno task restore <file> [--force]`: loads a backup into the shop's KV (KV_PATH). Refuses
 * a KV that holds anything unless --force (which empties it first). Stop the shop first. Says
 * loudly which accounts lose their two-factor (a backup made without secrets).
 */
import { loadConfig } from "../src/services/config.ts";
import { restoreShop, twoFactorLostWarning } from "../src/services/restore.ts";
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
  const { entries, twoFactorLost } = await restoreShop(kv, open, { force, source: file });
  console.log(`Restored ${entries} entries from ${file} into ${kvPath}`);
  if (twoFactorLost.length) console.warn(twoFactorLostWarning(twoFactorLost));
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : err}`);
  Deno.exitCode = 1;
} finally {
  kv.close();
}
