/**
 * HTTP benchmark: the built server against a constant Deno.serve answering the very bytes and
 * headers the server sent for the same path (the speed limit for that payload), with
 * autocannon (bounded: fixed connections and duration, localhost only). Each target runs right
 * after its own same-bytes run, in ROUNDS interleaved rounds, so a busy machine skews both
 * alike. Prints, per path, the median ratio of requests/s (and every round's), and the ratio of
 * CPU time per request of the two server processes, which other work on the machine barely
 * moves. Then measures how long a catalogue change takes to show on a second instance on the
 * same KV file. Asserts nothing.
 *
 *   deno task bench            (builds first)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_ROUNDS=5 LOG_LEVEL=warn deno task bench
 *   BENCH_ENTRY=/elsewhere/dist/server/entry.mjs ...   (another build, to compare)
 *   BENCH_TARGETS=products,css ...   (only the targets whose name contains one of these)
 *
 * The servers write their log to a file (as behind a log collector), not to this process.
 */
import { Buffer } from "node:buffer";
import { request } from "node:http";
import { createProductStore } from "../../src/store/products.ts";
import { openKv } from "../../src/store/kv.ts";
import { freePort } from "../_lib/server.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const CONNECTIONS = Number(Deno.env.get("BENCH_CONNECTIONS") ?? 25);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const LOG_LEVEL = Deno.env.get("LOG_LEVEL") ?? "info";
const ROOT = new URL("../../", import.meta.url);
const ONLY = Deno.env.get("BENCH_TARGETS")?.toLowerCase().split(",").filter(Boolean);
const ENTRY = Deno.env.get("BENCH_ENTRY") ?? new URL("dist/server/entry.mjs", ROOT).pathname;

interface Result {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU time of the server process per request, in microseconds. */
  cpuUs: number;
}

/** User + system CPU time of a process (all its threads), in microseconds. */
async function cpuTime(pid: number): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000; // 100 ticks a second
}

async function autocannon(url: string, pid: number): Promise<Result> {
  const cpuBefore = await cpuTime(pid);
  const out = await new Deno.Command("node", {
    args: [
      new URL("node_modules/autocannon/autocannon.js", ROOT).pathname,
      ...["-c", String(CONNECTIONS), "-d", String(SECONDS)],
      ...["-H", "Accept-Encoding: br, gzip", "-j", url],
    ],
    stdout: "piped",
    stderr: "null",
  }).output();
  const cpu = await cpuTime(pid) - cpuBefore;
  const r = JSON.parse(new TextDecoder().decode(out.stdout));
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx ?? 0,
    cpuUs: cpu / Math.max(1, r.requests.total),
  };
}

/** The raw answer, still encoded (fetch would decode it), with its headers. */
function rawAnswer(url: string): Promise<{ body: string; headers: [string, string][] }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "br, gzip" } }, (res) => {
      const chunks: Uint8Array[] = [];
      res.on("data", (c: Uint8Array) => chunks.push(c));
      res.on("end", () => {
        const headers: [string, string][] = [];
        for (const [k, v] of Object.entries(res.headers)) {
          if (k === "content-length" || k === "date" || v === undefined) continue;
          headers.push([k, Array.isArray(v) ? v.join(", ") : v]);
        }
        resolve({ body: Buffer.concat(chunks).toString("base64"), headers });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

async function firstAsset(): Promise<string> {
  for await (const e of Deno.readDir(new URL("dist/client/_astro/", ROOT))) {
    if (e.name.endsWith(".css")) return `/_astro/${e.name}`;
  }
  throw new Error("no built CSS asset: run deno task build");
}

/** A Deno process serving on `port`, its stdout appended to `logFile`; up once `ready` answers. */
function startProcess(
  args: string[],
  port: number,
  logFile: string,
  env: Record<string, string> = {},
) {
  // The shell only redirects stdout to the file, then becomes the server (exec).
  const child = new Deno.Command("sh", {
    args: ["-c", 'exec "$0" "$@" >> "$LOG_FILE"', Deno.execPath(), ...args],
    env: { ...env, LOG_FILE: logFile },
    stdout: "null",
    stderr: "null",
  }).spawn();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid,
    async ready(path: string) {
      for (let i = 0;; i++) {
        try {
          const res = await fetch(url + path);
          await res.body?.cancel();
          if (res.status < 500) return;
        } catch {
          // not listening yet
        }
        if (i > 600) throw new Error(`${args.join(" ")} did not start`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

function startServer(kvPath: string, logFile: string) {
  const port = freePort();
  return startProcess(["run", "-A", "--unstable-kv", ENTRY], port, logFile, {
    PORT: String(port),
    HOST: "127.0.0.1",
    KV_PATH: kvPath,
    PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL,
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = await Deno.makeTempDir({ prefix: "shop-bench-" });
const kvPath = `${dir}/shop.kv`;
const logFile = `${dir}/server.log`;
const server = startServer(kvPath, logFile);
await server.ready("/api/shipping/countries");
const other = startServer(kvPath, logFile);
let same: ReturnType<typeof startProcess> | undefined;

try {
  await other.ready("/api/shipping/countries");
  const asset = await firstAsset();
  const targets = ([
    ["GET /api/public/products", "/api/public/products"],
    ["GET /shop (SSR, page cache)", "/shop"],
    ["GET / (prerendered)", "/"],
    [`GET ${asset} (built asset)`, asset],
  ] as [string, string][]).filter(([name]) =>
    !ONLY || ONLY.some((o) => name.toLowerCase().includes(o))
  );
  const replicas: Record<string, Awaited<ReturnType<typeof rawAnswer>>> = {};
  for (const [, path] of targets) {
    await rawAnswer(server.url + path); // renders and caches
    replicas[path] = await rawAnswer(server.url + path);
  }
  await Deno.writeTextFile(`${dir}/replicas.json`, JSON.stringify(replicas));
  const samePort = freePort();
  same = startProcess(
    [
      "run",
      "-A",
      new URL("tests/bench/_same_bytes.ts", ROOT).pathname,
      String(samePort),
      `${dir}/replicas.json`,
    ],
    samePort,
    logFile,
  );
  await same.ready("/");

  const rows = new Map<string, { ours: Result; same: Result }[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, path] of targets) {
      const limit = await autocannon(same.url + path, same.pid);
      const ours = await autocannon(server.url + path, server.pid);
      rows.set(name, [...(rows.get(name) ?? []), { ours, same: limit }]);
    }
  }

  const load = await Deno.readTextFile("/proc/loadavg").catch(() => "?");
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} interleaved rounds, ` +
      `${navigator.hardwareConcurrency} cores, LOG_LEVEL=${LOG_LEVEL}, load average ${
        load.split(" ").slice(0, 3).join(" ")
      }\n`,
  );
  console.log(
    "target".padEnd(44) + "req/s".padStart(8) + "p50".padStart(5) + "p99".padStart(5) +
      "same-bytes".padStart(11) + "ratio".padStart(7) + "  rounds".padEnd(22) +
      "CPU µs/req".padStart(11) + "same".padStart(6) + "ratio".padStart(7),
  );
  for (const [name, runs] of rows) {
    const ratios = runs.map((r) => r.ours.rps / r.same.rps);
    const mid = runs[ratios.indexOf(median(ratios))];
    const cpu = median(runs.map((r) => r.ours.cpuUs));
    const sameCpu = median(runs.map((r) => r.same.cpuUs));
    const errors = runs.reduce((n, r) => n + r.ours.non2xx, 0);
    console.log(
      name.padEnd(44) + mid.ours.rps.toFixed(0).padStart(8) + String(mid.ours.p50).padStart(5) +
        String(mid.ours.p99).padStart(5) + mid.same.rps.toFixed(0).padStart(11) +
        median(ratios).toFixed(2).padStart(7) +
        ("  " + ratios.map((r) => r.toFixed(2)).join(" ")).padEnd(22) +
        cpu.toFixed(0).padStart(11) + sameCpu.toFixed(0).padStart(6) +
        (sameCpu / cpu).toFixed(2).padStart(7) + (errors ? `  (${errors} non-2xx)` : ""),
    );
  }
  console.log(
    "\nratio: requests/s over those of a constant server answering the same bytes and headers" +
      "\n(median of the rounds; p50/p99 in ms of the median round); CPU ratio: the constant" +
      "\nserver's CPU time per request over ours (what the ratio would be with a core each)",
  );

  // A catalogue change written from outside both servers, then read from the second one.
  const kv = await openKv(kvPath);
  try {
    const products = createProductStore(kv);
    const [product] = (await products.list()).filter((p) => p.isActive && p.currency === "EUR");
    const delays: number[] = [];
    const tries: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const price = 100 + i / 100;
      await products.update(product.id, { price });
      const written = performance.now();
      for (let n = 1;; n++) {
        const res = await fetch(`${other.url}/api/public/products/${product.id}`);
        if ((await res.json()).price === price) {
          delays.push(performance.now() - written);
          tries.push(n);
          break;
        }
      }
    }
    console.log(
      `\ncatalogue change -> second instance: median ${median(delays).toFixed(1)} ms, max ${
        Math.max(...delays).toFixed(1)
      } ms from the commit to an answer showing it; requests until it showed: ${
        Math.max(...tries)
      } at most (1 = the first request after the commit)`,
    );
  } finally {
    kv.close();
  }
} finally {
  await server.stop();
  await other.stop();
  await same?.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
