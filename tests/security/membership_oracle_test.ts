/**
 * Issue 18, item 13: subscribing must not tell a stranger whether an address is already on the
 * newsletter or already waiting for a product. A known address gets the same status, body and
 * headers as a new one.
 */
import { assert, assertEquals } from "../_lib/assert.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";

/** What a client can observe of an answer (the Date header aside). */
async function observed(res: Response) {
  const headers = [...res.headers].filter(([k]) => k !== "date");
  return { status: res.status, body: await res.text(), headers };
}

async function outOfStockId(t: TestContext): Promise<string> {
  const p = (await t.services.catalog.list()).find((p) => p.stock === 0);
  assert(p, "the demo catalogue has an out-of-stock product");
  return p._id;
}

Deno.test("[security] newsletter: a known address is answered exactly as a new one", () =>
  withServices(async (t) => {
    const post = (email: string) =>
      t.api.request("/api/subscription/subscribe", jsonRequest("POST", { email }));
    // The victim subscribed earlier; the attacker probes the victim's and a fresh address.
    await (await post("victim@example.com")).body?.cancel();
    const known = await observed(await post("Victim@Example.com"));
    const fresh = await observed(await post("nobody-yet@example.com"));
    assertEquals(known, fresh);
    assertEquals(fresh.status, 201);
    assertEquals(JSON.parse(fresh.body).message, "Thank you for subscribing!");
    // Still one record per address.
    assertEquals((await t.services.subscribers.list()).length, 2);
  }));

Deno.test("[security] stock alerts: a known address is answered exactly as a new one", () =>
  withServices(async (t) => {
    const productId = await outOfStockId(t);
    const post = (email: string) =>
      t.api.request(
        "/api/stock-notifications/subscribe",
        jsonRequest("POST", { email, productId }),
      );
    await (await post("victim@example.com")).body?.cancel();
    const known = await observed(await post("victim@example.com"));
    const fresh = await observed(await post("nobody-yet@example.com"));
    assertEquals(known, fresh);
    assertEquals(fresh.status, 201);
    assertEquals(
      JSON.parse(fresh.body).message,
      "Successfully subscribed to stock notifications!",
    );
    assertEquals((await t.services.stockNotifications.list()).length, 2);
  }));
