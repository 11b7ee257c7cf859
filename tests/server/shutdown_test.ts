import { createGracefulStop } from "../../src/server/shutdown.ts";
import { assert, assertEquals } from "../_lib/assert.ts";

Deno.test("[server] graceful stop: requests already sent are answered, with Connection: close once stopping", async () => {
  const graceful = createGracefulStop();
  let release!: () => void;
  const held = new Promise<void>((r) => release = r);
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen() {} },
    graceful.handler(async (req) => {
      await held;
      // Response.redirect's headers are immutable: the stop must still mark it.
      return new URL(req.url).pathname === "/moved"
        ? Response.redirect("http://127.0.0.1/elsewhere", 302)
        : new Response("done");
    }),
  );
  const url = `http://127.0.0.1:${server.addr.port}`;
  const sent = Array.from(
    { length: 20 },
    (_, i) => fetch(`${url}/${i % 4 ? "page" : "moved"}`, { redirect: "manual" }),
  );
  await new Promise((r) => setTimeout(r, 100)); // the requests reach the server, held
  const stopped = graceful.stop(server, 5_000);
  release();
  const answers = await Promise.all(sent);
  for (const res of answers) {
    assert(res.status === 200 || res.status === 302, `answered: ${res.status}`);
    assertEquals(res.headers.get("connection"), "close");
    await res.body?.cancel();
  }
  assertEquals(await stopped, true, "every accepted request answered within the bound");
  const after = await fetch(url).then(() => "answered", () => "refused");
  assertEquals(after, "refused", "the listener is closed after the stop");
});
