/**
 * HTTP benchmark: the built server against a constant-response Deno.serve (the ceiling), both
 * measured in this run with autocannon (bounded: fixed connections and duration, localhost only).
 * Prints requests/s, p50/p99 latency and each target's ratio to the ceiling. Asserts nothing.
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
  const results: Result[] = [];
  results.push(
    await autocannon("ceiling (constant Deno.serve)", `http://127.0.0.1:${ceilingPort}/`),
  );
  results.push(await autocannon("GET / (prerendered)", `${server.url}/`));
  results.push(await autocannon("GET /shop (SSR from KV)", `${server.url}/shop`));
  results.push(await autocannon("GET /api/public/products", `${server.url}/api/public/products`));
  results.push(await autocannon(`GET ${asset} (built asset)`, server.url + asset));

  const top = results[0].rps;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${navigator.hardwareConcurrency} cores\n`,
  );
  console.log(
    "target".padEnd(52) + "req/s".padStart(10) + "p50 ms".padStart(9) + "p99 ms".padStart(9) +
      "ratio".padStart(8) + "non-2xx".padStart(9),
  );
  for (const r of results) {
    console.log(
      r.name.padEnd(52) + r.rps.toFixed(0).padStart(10) + String(r.p50).padStart(9) +
        String(r.p99).padStart(9) + (r.rps / top).toFixed(2).padStart(8) +
        String(r.non2xx).padStart(9),
    );
  }
} finally {
  await server.stop();
  await ceiling.shutdown();
}
