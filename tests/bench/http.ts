/**
 * HTTP benchmark: the built server against a constant-response Deno.serve (the ceiling), both
 * measured in this run with autocannon (bounded: fixed connections and duration, localhost only).
 * Prints requests/s, p50/p99 latency and each target's ratio to the ceiling measured just before
 * it. Asserts nothing.
 *
 *   deno task bench            (builds first)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 deno task bench
 */
import { brotliCompressSync, gzipSync } from "node:zlib";
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
/**
 * Constant answers, held in memory: "/" the tiny ceiling of the issue; "/same/<path>" the
 * exact bytes and headers our server sends for <path>, so the second ratio shows the server's
 * own overhead apart from the cost of the payload itself.
 */
const replicas = new Map<string, { body: Uint8Array; headers: Headers }>();
const ceiling = Deno.serve(
  { port: ceilingPort, hostname: "127.0.0.1", onListen: () => {} },
  (req) => {
    const replica = replicas.get(new URL(req.url).pathname);
    return replica
      ? new Response(replica.body as BodyInit, { headers: replica.headers })
      : new Response(ceilingBody, { headers: { "content-type": "text/html" } });
  },
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
  for (const [, url] of targets) {
    const res = await fetch(url, { headers: { "Accept-Encoding": "br, gzip" } });
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    // fetch decodes the body: encode it again as our server did (same size within bytes).
    const plain = new Uint8Array(await res.arrayBuffer());
    const encoding = res.headers.get("content-encoding");
    const raw = encoding === "br"
      ? new Uint8Array(brotliCompressSync(plain))
      : encoding === "gzip"
      ? new Uint8Array(gzipSync(plain))
      : plain;
    replicas.set(`/same${new URL(url).pathname}`, { body: raw, headers });
  }
  // Each target is measured right after its own ceiling runs, so a busy machine skews all alike.
  const rows: { result: Result; ceiling: Result; same: Result }[] = [];
  for (const [name, url] of targets) {
    const ceilingResult = await autocannon("ceiling", `http://127.0.0.1:${ceilingPort}/`);
    const same = await autocannon(
      "same bytes",
      `http://127.0.0.1:${ceilingPort}/same${new URL(url).pathname}`,
    );
    rows.push({ ceiling: ceilingResult, same, result: await autocannon(name, url) });
  }

  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s each, ${navigator.hardwareConcurrency} cores\n`,
  );
  console.log(
    "target".padEnd(46) + "req/s".padStart(9) + "p50 ms".padStart(8) + "p99 ms".padStart(8) +
      "ceiling".padStart(9) + "ratio".padStart(7) + "same-bytes".padStart(11) +
      "ratio".padStart(7) + "non-2xx".padStart(9),
  );
  for (const { result: r, ceiling: c, same } of rows) {
    console.log(
      r.name.padEnd(46) + r.rps.toFixed(0).padStart(9) + String(r.p50).padStart(8) +
        String(r.p99).padStart(8) + c.rps.toFixed(0).padStart(9) +
        (r.rps / c.rps).toFixed(2).padStart(7) + same.rps.toFixed(0).padStart(11) +
        (r.rps / same.rps).toFixed(2).padStart(7) + String(r.non2xx).padStart(9),
    );
  }
  console.log(
    "\nratio: to the constant tiny answer (the issue's ceiling); same-bytes ratio: to a constant" +
      "\nanswer with the very bytes and headers of the target (the server's own overhead).",
  );
} finally {
  await server.stop();
  await ceiling.shutdown();
}
