/**
 * The speed limit for tests/bench/http.ts, in a process of its own (so its CPU time is its
 * own): answers each path with the bytes and headers recorded in the JSON file given, as they
 * are, and nothing else. Usage: deno run -A _same_bytes.ts <port> <replicas.json>
 */
import { Buffer } from "node:buffer";

const [port, file] = Deno.args;
const recorded: Record<string, { body: string; headers: [string, string][] }> = JSON.parse(
  await Deno.readTextFile(file),
);
const replicas = new Map(
  Object.entries(recorded).map((
    [path, r],
  ) => [path, {
    body: new Uint8Array(Buffer.from(r.body, "base64")),
    headers: new Headers(r.headers),
  }]),
);
Deno.serve({ port: Number(port), hostname: "127.0.0.1", onListen: () => {} }, (req) => {
  const replica = replicas.get(new URL(req.url).pathname);
  return replica
    ? new Response(replica.body as BodyInit, { headers: replica.headers })
    : new Response("not recorded", { status: 404 });
});
