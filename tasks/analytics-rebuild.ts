/**
 * `deno task analytics:rebuild [--check]`: recomputes every sales aggregate from the orders of
 * the shop's KV (KV_PATH), prints each difference from the stored ones, and writes the
 * recomputed figures (with `--check`, only reports; exits 1 when anything differs). On a
 * consistent store it reports none. Run it while no orders are being written.
 */
import { loadConfig } from "../src/services/config.ts";
import { openKv } from "../src/store/kv.ts";
import { createOrderStatsStore } from "../src/store/order-stats.ts";

const checkOnly = Deno.args.includes("--check");
const config = loadConfig();
const kv = await openKv(config.kvPath, { accessToken: config.kvAccessToken });
try {
  const stats = createOrderStatsStore(kv, config.shopTimeZone);
  const differences = await stats.rebuild({ write: !checkOnly });
  for (const d of differences) {
    console.log(
      `${JSON.stringify(d.key)}: stored ${JSON.stringify(d.stored)}, ` +
        `orders say ${JSON.stringify(d.rebuilt)}`,
    );
  }
  const verdict = differences.length === 0
    ? "no difference: the aggregates match the orders"
    : `${differences.length} difference(s)${checkOnly ? "" : ", now rewritten from the orders"}`;
  console.log(`Analytics rebuild of ${config.kvPath} (days of ${config.shopTimeZone}): ${verdict}`);
  if (checkOnly && differences.length > 0) Deno.exitCode = 1;
} finally {
  kv.close();
}
