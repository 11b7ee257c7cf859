import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";
import type { Services } from "../../src/services/container.ts";

const URL = "/api/stock-notifications/subscribe";

async function outOfStockId(services: Services): Promise<string> {
  const p = (await services.catalog.list()).find((p) => p.stock === 0);
  assert(p, "the demo catalogue has an out-of-stock product");
  return p._id;
}

interface ErrorBody {
  error: string;
  message: string;
  errors?: { field: string; message: string }[];
}

Deno.test("[api] POST /api/stock-notifications/subscribe stores a pending notification", () =>
  withServices(async ({ api, services }) => {
    const productId = await outOfStockId(services);
    const res = await api.request(
      URL,
      jsonRequest("POST", { email: "  Ada@Example.com ", productId }),
    );
    const body = await assertJsonResponse(res, 201) as { success: boolean; message: string };
    assertEquals(body.success, true);
    assertEquals(body.message, "Successfully subscribed to stock notifications!");
    const pending = await services.stockNotifications.pendingFor(productId);
    assertEquals(pending.map((n) => n.email), ["ada@example.com"]);
  }));

Deno.test("[api] POST /api/stock-notifications/subscribe refuses an empty email", () =>
  withServices(async ({ api, services }) => {
    const productId = await outOfStockId(services);
    for (const payload of [{ email: "   ", productId }, { productId }]) {
      const res = await api.request(URL, jsonRequest("POST", payload));
      const body = await assertJsonResponse(res, 400) as ErrorBody;
      assertEquals(body.message, "Please enter your email address");
      assertEquals(body.errors, [{ field: "email", message: "Please enter your email address" }]);
    }
    assertEquals(await services.stockNotifications.list(), []);
  }));

Deno.test("[api] POST /api/stock-notifications/subscribe refuses a malformed email", () =>
  withServices(async ({ api, services }) => {
    const productId = await outOfStockId(services);
    for (const email of ["ada", "ada@example", "ada @example.com", `${"a".repeat(250)}@x.io`]) {
      const res = await api.request(URL, jsonRequest("POST", { email, productId }));
      const body = await assertJsonResponse(res, 400) as ErrorBody;
      assertEquals(body.message, "Please enter a valid email address", email);
    }
    const notJson = await api.request(URL, jsonRequest("POST", "{oops"));
    assertEquals((await assertJsonResponse(notJson, 400) as ErrorBody).error, "validation_error");
    assertEquals(await services.stockNotifications.list(), []);
  }));

Deno.test("[api] POST /api/stock-notifications/subscribe answers 404 for an unknown product", () =>
  withServices(async ({ api, services }) => {
    const res = await api.request(
      URL,
      jsonRequest("POST", { email: "ada@example.com", productId: "no-such-product" }),
    );
    const body = await assertJsonResponse(res, 404) as ErrorBody;
    assertEquals(body.error, "not_found");
    assertEquals(body.message, "Product not found");
    const missing = await api.request(URL, jsonRequest("POST", { email: "ada@example.com" }));
    await assertJsonResponse(missing, 400);
    assertEquals(await services.stockNotifications.list(), []);
  }));

Deno.test("[api] POST /api/stock-notifications/subscribe twice is a success stored once", () =>
  withServices(async ({ api, services }) => {
    const productId = await outOfStockId(services);
    await assertJsonResponse(
      await api.request(URL, jsonRequest("POST", { email: "ada@example.com", productId })),
      201,
    );
    const again = await api.request(
      URL,
      jsonRequest("POST", { email: "ADA@example.com", productId }),
    );
    const body = await assertJsonResponse(again, 201) as { success: boolean; message: string };
    assertEquals(body.message, "Successfully subscribed to stock notifications!");
    assertEquals((await services.stockNotifications.list()).length, 1);
  }));
