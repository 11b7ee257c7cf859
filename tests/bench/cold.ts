/**
 * Cold start of the built server: from process spawn to the first answer of `/` and of
 * `/api/health` (KV opened and written by the health probe), median of RUNS starts (10) on one
 * KV file seeded by a first start that is not counted. Isolates on Deno Deploy start often: this
 * is the time a visitor waits for the first one. `deno task bench:cold`.
 */
import { freePort } from "../_lib/server.ts";

const RUNS = Number(Deno.env.get("RUNS") ?? 10);
const ROOT = new URL("../../", import.meta.url);
const entry = new URL("dist/server/entry.mjs", ROOT);
await Deno.stat(entry).catch(() => {
  throw new Error("dist/server/entry.mjs is missing: run `deno task build` first");
});
const dir = await Deno.makeTempDir({ prefix: "shop-cold-" });

/** Polls `url` until it answers 200; the milliseconds since `t0`. */
async function firstAnswer(url: string, t0: number, deadline: number): Promise<number> {
  while (performance.now() < deadline) {
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      if (res.ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`${url} did not answer`);
}

/** One start: spawn, wait for both answers, SIGTERM, wait for the exit. */
async function start(): Promise<{ root: number; health: number }> {
  const port = freePort();
  const t0 = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", "--unstable-cron", entry.pathname],
    cwd: ROOT.pathname,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      KV_PATH: `${dir}/shop.kv`,
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD: "correct horse battery",
      LOG_LEVEL: "warn",
    },
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    const deadline = t0 + 60_000;
    const [root, health] = await Promise.all([
      firstAnswer(`http://127.0.0.1:${port}/`, t0, deadline),
      firstAnswer(`http://127.0.0.1:${port}/api/health`, t0, deadline),
    ]);
    return { root, health };
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`;

try {
  const first = await start();
  console.log(`first start (empty KV, seeded): / ${ms(first.root)}, /api/health ${ms(first.health)}`);
  const runs: { root: number; health: number }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await start());
  const roots = runs.map((r) => r.root);
  const healths = runs.map((r) => r.health);
  console.log(`each start, /: ${roots.map(ms).join(", ")}`);
  console.log(
    `cold start, median of ${RUNS}: / ${ms(median(roots))} (min ${ms(Math.min(...roots))}, ` +
      `max ${ms(Math.max(...roots))}); /api/health ${ms(median(healths))} (min ${
        ms(Math.min(...healths))
      }, max ${ms(Math.max(...healths))})`,
  );
} finally {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
