/**
 * Cold start of the built server: from process spawn to the first answer of `/` and of
 * `/api/health` (KV opened and written by the health probe), median of RUNS starts (10) on one
 * KV file seeded by a first start that is not counted, and the CPU time the process used by then
 * (steadier than wall time on a shared machine). Isolates on Deno Deploy start often: this
 * is the time a visitor waits for the first one. `deno task bench:cold`; with
 * `BASELINE=<folder>` (another checkout, built), starts alternate between the two and both are
 * printed: a busy machine then slows both alike.
 */
import { freePort } from "../_lib/server.ts";

const RUNS = Number(Deno.env.get("RUNS") ?? 10);
const ROOT = new URL("../../", import.meta.url);
const baseline = Deno.env.get("BASELINE");
const roots = [
  ROOT,
  ...(baseline ? [new URL(`${baseline.replace(/\/?$/, "/")}`, `file://${Deno.cwd()}/`)] : []),
];
for (const root of roots) {
  await Deno.stat(new URL("dist/server/entry.mjs", root)).catch(() => {
    throw new Error(`${root.pathname}dist/server/entry.mjs is missing: run \`deno task build\``);
  });
}
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

/**
 * CPU time (user + system, every thread) the process has used, from Linux's /proc (clock ticks of
 * 10 ms); NaN elsewhere. Unlike wall time it hardly moves when other work shares the cores.
 */
async function cpuMs(pid: number): Promise<number> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

interface Start {
  root: number;
  health: number;
  cpu: number;
}

/** One start of the build under `root`: spawn, wait for both answers, SIGTERM, wait for the exit. */
async function start(root: URL): Promise<Start> {
  const port = freePort();
  const t0 = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", "--unstable-cron", "dist/server/entry.mjs"],
    cwd: root.pathname,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      KV_PATH: `${dir}/${roots.indexOf(root)}.kv`,
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
    return { root, health, cpu: await cpuMs(child.pid) };
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
const labelOf = (i: number) => i === 0 ? "this build:" : "baseline:  ";

function report(label: string, runs: Start[]) {
  const roots = runs.map((r) => r.root);
  const healths = runs.map((r) => r.health);
  const cpus = runs.map((r) => r.cpu);
  console.log(`${label} each start, /: ${roots.map(ms).join(", ")}`);
  console.log(
    `${label} cold start, median of ${runs.length}: / ${ms(median(roots))} (min ${
      ms(Math.min(...roots))
    }, max ${ms(Math.max(...roots))}); /api/health ${ms(median(healths))} (min ${
      ms(Math.min(...healths))
    }, max ${ms(Math.max(...healths))}); CPU used by then ${ms(median(cpus))}`,
  );
}

try {
  const runs = roots.map(() => [] as Start[]);
  for (const [i, root] of roots.entries()) {
    const first = await start(root);
    console.log(
      `${labelOf(i)} first start (empty KV, seeded): / ${ms(first.root)}, /api/health ${
        ms(first.health)
      }`,
    );
  }
  for (let n = 0; n < RUNS; n++) {
    for (const [i, root] of roots.entries()) runs[i].push(await start(root));
  }
  for (const [i] of roots.entries()) report(labelOf(i), runs[i]);
} finally {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
