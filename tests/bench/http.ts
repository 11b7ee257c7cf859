/**
 * HTTP benchmark: the built server against a constant-response Deno.serve (the ceiling), both
 * measured in this run with autocannon (bounded: fixed connections and duration, localhost only).
 * Prints requests/s, p50/p99 latency and each target's ratio to the ceiling measured just before
 * it. Asserts nothing.
 *
 *   deno task bench            (builds first)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 deno task bench
 */
import { freePort, startBuiltServer } from "../_lib/server.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const CONNECTIONS = Number(Deno.env.get("BENCH_CONNECTIONS") ?? 25);
const ROOT = new URL("../../", import.meta.url);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function autocannon(name: string, url: string): Promise<Result> {
  const out = await new Deno.Command("node", {
    args: [
      new URL("node_modules/autocannon/autocannon.js", ROOT).pathname,
      "-c",
      String(CONNECTIONS),
      "-d",
      String(SECONDS),
      "-H",
      "Accept-Encoding: br, gzip",
      "-j",
      url,
    ],
    stdout: "piped",
    stderr: "null",
  }).output();
  const r = JSON.parse(new TextDecoder().decode(out.stdout));
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx ?? 0,
  };
}

async function firstAsset(): Promise<string> {
  for await (const e of Deno.readDir(new URL("dist/client/_astro/", ROOT))) {
    if (e.name.endsWith(".css")) return `/_astro/${e.name}`;
  }
  throw new Error("no built CSS asset: run deno task build");
}

const ceilingPort = freePort();
const ceilingBody = "<!doctype html><title>ok</title><p>ceiling</p>";
const ceiling = Deno.serve(
  { port: ceilingPort, hostname: "127.0.0.1", onListen: () => {} },
  () => new Response(ceilingBody, { headers: { "content-type": "text/html" } }),
);
const server = await startBuiltServer();

try {
  const asset = await firstAsset();
  // Warm up caches (catalogue, compiled pages) before measuring.
  for (const path of ["/", "/shop", "/api/public/products", asset]) {
    await (await fetch(server.url + path)).arrayBuffer();
  }
  const targets: [string, string][] = [
    ["GET / (prerendered)", `${server.url}/`],
    ["GET /shop (SSR, page cache)", `${server.url}/shop`],
    ["GET /api/public/products", `${server.url}/api/public/products`],
    [`GET ${asset} (built asset)`, server.url + asset],
  ];
  // Each target is measured right after its own ceiling run, so a busy machine skews both alike.
  const rows: { result: Result; ceiling: Result }[] = [];
  for (const [name, url] of targets) {
    const ceilingResult = await autocannon("ceiling", `http://127.0.0.1:${ceilingPort}/`);
    rows.push({ ceiling: ceilingResult, result: await autocannon(name, url) });
  }

  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${navigator.hardwareConcurrency} cores\n`,
  );
  console.log(
    "target".padEnd(46) + "req/s".padStart(9) + "p50 ms".padStart(8) + "p99 ms".padStart(8) +
      "ceiling".padStart(9) + "ratio".padStart(7) + "non-2xx".padStart(9),
  );
  for (const { result: r, ceiling: c } of rows) {
    console.log(
      r.name.padEnd(46) + r.rps.toFixed(0).padStart(9) + String(r.p50).padStart(8) +
        String(r.p99).padStart(8) + c.rps.toFixed(0).padStart(9) +
        (r.rps / c.rps).toFixed(2).padStart(7) + String(r.non2xx).padStart(9),
    );
  }
} finally {
  await server.stop();
  await ceiling.shutdown();
}
