import { assert, assertEquals, assertNotEquals } from "../_lib/assert.ts";
import { withServices } from "../_lib/services.ts";
import { createFrontDoor } from "../../src/server/front-door.ts";
import { VERSION_MAX_AGE_MS } from "../../src/services/catalog.ts";
import { brotliDecompressSync } from "node:zlib";

const render = () => Promise.resolve(new Response("page"));

Deno.test("[server] the products list is sent compressed once per catalogue version, with ETag and 304", () =>
  withServices(async ({ services, api }) => {
    const handle = createFrontDoor(services, new Map(), render);
    const get = (headers: Record<string, string> = {}) =>
      handle(new Request("http://localhost/api/public/products", { headers }));
    const res = await get({ "Accept-Encoding": "gzip, br" });
    assertEquals(res.status, 200);
    assertEquals(res.headers.get("content-encoding"), "br");
    assertEquals(res.headers.get("content-type"), "application/json; charset=utf-8");
    assertEquals(res.headers.get("x-content-type-options"), "nosniff");
    assert(res.headers.get("x-request-id"), "the request id is sent");
    const body = JSON.parse(
      new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await res.arrayBuffer()))),
    );
    assertEquals(body, await (await api.request("/api/public/products")).json(), "as the API");
    const etag = res.headers.get("etag")!;
    const again = await get({ "If-None-Match": etag });
    assertEquals(again.status, 304, "an unchanged catalogue is not sent again");

    const [board] = await services.products.list();
    await services.products.update(board.id, { price: 612.34 });
    await new Promise((r) => setTimeout(r, VERSION_MAX_AGE_MS + 1)); // the propagation bound
    const changed = await get({ "If-None-Match": etag });
    assertEquals(changed.status, 200, "a change is sent at once");
    assertNotEquals(changed.headers.get("etag"), etag);
    const prices = await changed.json() as { _id: string; price: number }[];
    assertEquals(prices.find((p) => p._id === board.id)?.price, 612.34);
  }));

Deno.test("[server] a query string or a write on the products path still goes through the API", () =>
  withServices(async ({ services }) => {
    const handle = createFrontDoor(services, new Map(), render);
    const bad = await handle(new Request("http://localhost/api/public/products?q=%E0%A4%A"));
    assertEquals(bad.status, 400, "the API's input bounds still apply");
    await bad.body?.cancel();
    const post = await handle(
      new Request("http://localhost/api/public/products", { method: "POST" }),
    );
    assertEquals(post.status, 404);
    await post.body?.cancel();
  }));
