import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

Deno.test("[api] GET /api/public/products lists the seeded catalogue in the spec's shape", () =>
  withServices(async ({ api }) => {
    const res = await api.request("/api/public/products");
    const body = await assertJsonResponse(res, 200) as Record<string, unknown>[];
    assert(body.length >= 5, "the demo catalogue has several products");
    const board = body.find((p) => p.name === "Vectra DSP Board")!;
    assertEquals(board.price, 600);
    for (const field of ["_id", "name", "description", "price", "image", "category", "stock", "features"]) {
      assert(field in board, `product has ${field}`);
    }
    assert(body.some((p) => p.stock === 0), "one demo product is out of stock");
  }));

Deno.test("[api] GET /api/public/products hides inactive products and follows stock changes", () =>
  withServices(async ({ api, services }) => {
    const [first, second] = await services.products.list();
    await services.products.update(first.id, { isActive: false });
    await services.products.adjustStock(second.id, 3);
    services.catalog.invalidate();
    const body = await assertJsonResponse(await api.request("/api/public/products"), 200) as {
      _id: string;
      stock: number;
    }[];
    assert(!body.some((p) => p._id === first.id));
    assertEquals(body.find((p) => p._id === second.id)?.stock, second.stock + 3);
  }));

Deno.test("[api] GET /api/shipping/fees lists fee records with euros", () =>
  withServices(async ({ api }) => {
    const body = await assertJsonResponse(await api.request("/api/shipping/fees"), 200) as Record<
      string,
      unknown
    >[];
    assert(body.length >= 12);
    const fr = body.find((f) => f.country === "France")!;
    assertEquals(fr.shippingFee, 9.9);
    assertEquals(fr.currency, "EUR");
    assertEquals(fr.isActive, true);
    assert(typeof fr._id === "string");
  }));

Deno.test("[api] GET /api/shipping/fees/country/{country} answers one fee, 404 when none", () =>
  withServices(async ({ api }) => {
    const fee = await assertJsonResponse(
      await api.request(`/api/shipping/fees/country/${encodeURIComponent("United Kingdom")}`),
      200,
    ) as { country: string; shippingFee: number };
    assertEquals(fee.country, "United Kingdom");
    assertEquals(fee.shippingFee, 19);
    const none = await assertJsonResponse(await api.request("/api/shipping/fees/country/Atlantis"), 404) as {
      error: string;
      message: string;
    };
    assertEquals(none.error, "not_found");
    assert(none.message.length > 0);
    // An inactive fee counts as none.
    await assertJsonResponse(await api.request("/api/shipping/fees/country/Japan"), 404);
  }));

Deno.test("[api] GET /api/shipping/countries lists countries with an active fee", () =>
  withServices(async ({ api }) => {
    const body = await assertJsonResponse(await api.request("/api/shipping/countries"), 200) as {
      country: string;
    }[];
    const names = body.map((c) => c.country);
    assert(names.includes("France"));
    assert(!names.includes("Japan"), "inactive fee is hidden");
  }));

Deno.test("[api] unknown endpoints answer 404 JSON", () =>
  withServices(async ({ api }) => {
    const body = await assertJsonResponse(await api.request("/api/nope"), 404) as { error: string };
    assertEquals(body.error, "not_found");
  }));

Deno.test("[api] oversize bodies are refused with 413 JSON before being read", () =>
  withServices(async ({ api }) => {
    const big = JSON.stringify({ email: "x".repeat(70 * 1024) });
    const res = await api.request(
      "/api/public/products",
      jsonRequest("POST", big, { "Content-Length": String(big.length) }),
    );
    const body = await assertJsonResponse(res, 413) as { error: string; message: string };
    assertEquals(body.error, "payload_too_large");
  }));
