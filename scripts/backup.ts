/**
 * `deno task backup [file]`: writes every key and value of the shop's KV (KV_PATH) to a
 * JSON-lines file, `backups/shop-<time>.jsonl` by default. Safe on a running shop (see the
 * README, "Operating the shop"). The file appears only once complete.
 */
import { loadConfig } from "../src/services/config.ts";
import { writeBackup } from "../src/store/backup.ts";
import { openKv } from "../src/store/kv.ts";

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = Deno.args[0] ?? `backups/shop-${stamp}.jsonl`;
const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
if (dir) await Deno.mkdir(dir, { recursive: true });

const { kvPath } = loadConfig();
const kv = await openKv(kvPath);
const partial = `${file}.partial`;
try {
  const out = await Deno.open(partial, { write: true, create: true, truncate: true });
  const entries = await writeBackup(kv, out.writable);
  await Deno.rename(partial, file);
  console.log(`Backed up ${entries} entries of ${kvPath} to ${file}`);
} catch (err) {
  await Deno.remove(partial).catch(() => {});
  console.error(`Backup failed: ${err instanceof Error ? err.message : err}`);
  Deno.exitCode = 1;
} finally {
  kv.close();
}
