import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";
import { SUPERADMIN } from "../_lib/admin.ts";
import { startBuiltServer } from "../_lib/server.ts";
import { createFrontDoor } from "../../src/server/front-door.ts";
import { makeAsset } from "../../src/http/static.ts";

/** A front door whose page renderer counts the pages it was asked for. */
async function frontDoor(services: Parameters<typeof createFrontDoor>[0]) {
  const rendered: string[] = [];
  const assets = new Map([
    ["/index.html", await makeAsset(new TextEncoder().encode("<p>home</p>"), "text/html")],
  ]);
  const handle = createFrontDoor(services, assets, (req) => {
    rendered.push(new URL(req.url).pathname);
    return Promise.resolve(
      new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } }),
    );
  });
  return { handle, rendered };
}

Deno.test("[security] host: a forged Host reaches no page, file or API route (421)", () =>
  withServices(async ({ services }) => {
    const { handle, rendered } = await frontDoor(services);
    for (const host of ["evil.example", "127.0.0.2", "169.254.169.254", "localhost.evil.example"]) {
      for (const path of ["/", "/shop", "/admin/login", "/uploads/x.png", "/api/public/products"]) {
        const res = await handle(new Request(`http://${host}:8000${path}`));
        const body = await assertJsonResponse(res, 421) as { error: string };
        assertEquals(body.error, "misdirected_request", `${host}${path}`);
      }
      const write = await handle(
        new Request(
          `http://${host}/api/subscription/subscribe`,
          jsonRequest("POST", { email: "spy@example.com" }),
        ),
      );
      await assertJsonResponse(write, 421);
    }
    assertEquals(rendered, [], "no page rendered");
    assertEquals(await services.subscribers.getByEmail("spy@example.com"), null, "nothing stored");

    // Its own names answer, whatever the port.
    for (const base of ["http://localhost:8000", "http://127.0.0.1:39999", "http://[::1]:8000"]) {
      const res = await handle(new Request(`${base}/shop`));
      assertEquals(res.status, 200, base);
      await res.body?.cancel();
    }
  }));

Deno.test("[security] host: in production only the public host answers", () =>
  withServices(async ({ services }) => {
    const { handle } = await frontDoor(services);
    for (
      const [url, status] of [
        ["https://shop.example/shop", 200],
        ["https://SHOP.example/", 200],
        ["http://localhost:8000/shop", 421],
        ["http://127.0.0.1:8000/api/public/products", 421],
        ["https://evil.example/shop", 421],
      ] as const
    ) {
      const res = await handle(new Request(url));
      assertEquals(res.status, status, url);
      await res.body?.cancel();
    }
    // A load balancer probes an instance by its internal address: health answers an IP Host only.
    for (
      const [url, status] of [
        ["http://10.0.3.7:8000/api/health", 200],
        ["http://[fd00::7]:8000/api/health", 200],
        ["http://localhost:8000/api/health", 200],
        ["http://evil.example/api/health", 421],
        ["http://10.0.3.7:8000/api/public/products", 421],
      ] as const
    ) {
      const res = await handle(new Request(url));
      assertEquals(res.status, status, url);
      await res.body?.cancel();
    }
  }, { config: { shopEnv: "production", siteUrl: "https://shop.example" } }));

/** One raw HTTP/1.1 request (fetch would write its own Host); answers the status and body. */
async function rawGet(port: number, path: string, host: string, headers: string[] = []) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const head = [`GET ${path} HTTP/1.1`, `Host: ${host}`, "Connection: close", ...headers];
  await conn.write(new TextEncoder().encode(`${head.join("\r\n")}\r\n\r\n`));
  const chunks: Uint8Array[] = [];
  for await (const chunk of conn.readable) chunks.push(chunk);
  const text = new TextDecoder().decode(
    chunks.reduce((a, b) => new Uint8Array([...a, ...b]), new Uint8Array()),
  );
  return { status: Number(text.split(" ")[1]), text };
}

Deno.test({
  name: "[security] host: the built server has no /_image and refuses a forged Host",
  sanitizeResources: false,
  async fn() {
    const server = await startBuiltServer();
    try {
      const login = await fetch(`${server.url}/api/superadmins/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(SUPERADMIN),
      });
      assertEquals(login.status, 200);
      await login.body?.cancel();
      const cookie = login.headers.get("set-cookie")!.split(";")[0];
      const local = `127.0.0.1:${server.port}`;
      for (
        const path of [
          "/_image",
          "/_image/",
          "/_image?href=/favicon.svg&f=svg",
          "/_image?href=/api/health&f=png",
          "/_image?href=/api/orders/export.csv&f=png",
          `/_image?href=http://${local}/api/health&f=png&w=1&h=1`,
        ]
      ) {
        for (const headers of [[], [`Cookie: ${cookie}`]]) {
          const { status, text } = await rawGet(server.port, path, local, headers);
          assertEquals(status, 404, `${path} ${headers}`);
          assert(!text.includes('"status":"ok"') && !text.includes("Order ID"), path);
        }
      }
      for (const path of ["/", "/shop", "/api/health", "/_image?href=/api/health&f=png"]) {
        const { status, text } = await rawGet(server.port, path, "evil.example");
        assertEquals(status, 421, path);
        assert(text.includes("misdirected_request"), path);
      }
      const { status } = await rawGet(server.port, "/shop", `localhost:${server.port}`);
      assertEquals(status, 200, "localhost answers outside production");
    } finally {
      await server.stop();
    }
  },
});
