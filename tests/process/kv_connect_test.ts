import { assert, assertEquals, assertStringIncludes } from "../_lib/assert.ts";
import { runUntilExit } from "../_lib/server.ts";

const TOKEN = "right-token-0123456789";

/**
 * A local stand-in for a KV Connect server that cannot serve: its metadata exchange refuses a
 * wrong token (401, as denokv does) and answers the right one, but every data call gets 502,
 * as from the TLS proxy in front of a `denokv` that is down.
 */
function refusingKvConnect() {
  const tokens: string[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/") {
      const token = req.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
      tokens.push(token);
      if (token !== TOKEN) return new Response("invalid access token", { status: 401 });
      return Response.json({
        version: 3,
        databaseId: crypto.randomUUID(),
        endpoints: [{ url: "/data", consistency: "strong" }],
        token: "data-path-token",
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }
    return new Response("bad gateway", { status: 502 });
  });
  return { url: `http://127.0.0.1:${server.addr.port}/`, tokens, close: () => server.shutdown() };
}

/** A start that cannot succeed ends well within this (the store has 10 s to answer a read). */
const EXIT_BOUND_MS = 45_000;

Deno.test({
  name:
    "[server] KV_PATH a KV Connect URL that refuses: the start says why and exits 1, never hangs",
  sanitizeResources: false,
  async fn() {
    const kvConnect = refusingKvConnect();
    try {
      const start = (env: Record<string, string>) =>
        runUntilExit({ KV_PATH: kvConnect.url, ...env }, EXIT_BOUND_MS);
      const [noToken, wrongToken, storeDown] = await Promise.all([
        start({}),
        start({ KV_ACCESS_TOKEN: "wrong-token" }),
        // Deno Deploy refuses DENO_ names: KV_ACCESS_TOKEN carries the token there.
        start({ KV_ACCESS_TOKEN: TOKEN }),
      ]);
      for (
        const [run, why] of [
          [noToken, "set its access token in DENO_KV_ACCESS_TOKEN"],
          [wrongToken, "401 Unauthorized: invalid access token"],
          [storeDown, "did not answer a read within 10 s"],
        ] as const
      ) {
        assert(run.code !== null, `exited, did not hang:\n${run.output}`);
        assertEquals(run.code, 1, run.output);
        assertStringIncludes(run.output, '"msg":"Start failed"');
        assertStringIncludes(run.output, why);
        assertStringIncludes(run.output, kvConnect.url, "names the store it could not use");
        assert(!run.output.includes(TOKEN), "never prints the access token");
        assert(!run.output.includes("Listening on"), "never listened");
      }
      assert(kvConnect.tokens.includes(TOKEN), "KV_ACCESS_TOKEN was sent as the access token");
    } finally {
      await kvConnect.close();
    }
  },
});
