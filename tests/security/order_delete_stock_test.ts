/**
 * Issue 18, item 10: deleting an order never returns units that left the warehouse. An `admin`
 * (products read-only) raised the stock by deleting delivered orders; only orders that still
 * hold their units before shipping give them back, exactly once.
 */
import { assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs, type SignedIn } from "../_lib/admin.ts";
import { jsonRequest, type TestContext, withServices } from "../_lib/services.ts";

async function boardId(t: TestContext): Promise<string> {
  return (await t.services.products.list()).find((p) => p.name.includes("DSP Board"))!.id;
}
const stockOf = async (t: TestContext, id: string) => (await t.services.products.get(id))!.stock;

async function order(t: TestContext, who: SignedIn, productId: string, quantity: number) {
  const res = await t.api.request(
    "/api/orders/admin",
    jsonRequest("POST", {
      customer: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" },
      shippingAddress: { address: "1 Rue X", city: "Tunis", state: "", zipCode: "1000" },
      items: [{ id: productId, quantity }],
      shippingCountry: "Tunisia",
    }, who.headers),
  );
  return ((await assertJsonResponse(res, 201)) as { _id: string })._id;
}

async function setStatus(t: TestContext, who: SignedIn, id: string, status: string) {
  const res = await t.api.request(
    `/api/orders/${id}/status`,
    jsonRequest("PUT", { status }, who.headers),
  );
  await assertJsonResponse(res, 200);
}

const remove = (t: TestContext, who: SignedIn, id: string) =>
  t.api.request(`/api/orders/${id}`, { method: "DELETE", headers: who.headers });

Deno.test("[security] an admin deleting shipped and delivered orders raises no stock", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await boardId(t);
    const start = await stockOf(t, board);
    // Products are read-only for an admin: the stock cannot be raised directly...
    const direct = await t.api.request(
      `/api/products/${board}`,
      jsonRequest("PUT", { stock: start + 100 }, clerk.headers),
    );
    await assertJsonResponse(direct, 403);

    // ...nor by sending orders out and deleting them.
    const shipped = await order(t, clerk, board, 2);
    const delivered = await order(t, clerk, board, 3);
    await setStatus(t, clerk, shipped, "shipped");
    await setStatus(t, clerk, delivered, "shipped");
    await setStatus(t, clerk, delivered, "delivered");
    assertEquals(await stockOf(t, board), start - 5);
    for (const id of [shipped, delivered]) {
      // Several deletions at once, as a script would send them: one succeeds, none restocks.
      const answers = await Promise.all([1, 2, 3].map(() => remove(t, clerk, id)));
      const codes = await Promise.all(
        answers.map(async (r) => (await r.body?.cancel(), r.status)),
      );
      assertEquals(codes.filter((c) => c === 200).length, 1, `${codes}`);
      assertEquals(codes.filter((c) => c === 404).length, 2, `${codes}`);
    }
    assertEquals(await stockOf(t, board), start - 5, "the units left the warehouse for good");
    assertEquals(await t.services.orders.get(shipped), null);
    assertEquals(await t.services.orders.get(delivered), null);
  }));

Deno.test("[security] deleting an order not yet sent gives its units back once; the spec's message", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const board = await boardId(t);
    const start = await stockOf(t, board);
    const pending = await order(t, clerk, board, 1);
    const processing = await order(t, clerk, board, 2);
    const cancelled = await order(t, clerk, board, 4);
    await setStatus(t, clerk, processing, "processing");
    await setStatus(t, clerk, cancelled, "cancelled");
    assertEquals(await stockOf(t, board), start - 3);
    for (const id of [pending, processing, cancelled]) {
      const answers = await Promise.all([1, 2].map(() => remove(t, clerk, id)));
      const ok = answers.find((r) => r.status === 200)!;
      assertEquals((await ok.json()).message, "Order Deleted");
      for (const r of answers) if (r !== ok) await assertJsonResponse(r, 404);
    }
    assertEquals(await stockOf(t, board), start, "each unit back exactly once");
  }));
