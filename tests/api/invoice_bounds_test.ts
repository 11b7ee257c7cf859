import { MAX_LIST_DAYS, MAX_ZIP_EXPORTS } from "../../src/services/invoice-desk.ts";
import { assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { sketchOrder } from "../_lib/orders.ts";
import { withServices } from "../_lib/services.ts";

/** The Invoices screen's list holds a bounded period; PDF exports are made a few at a time. */

Deno.test("[api] GET /api/invoices lists a bounded period: a month and a year answer, longer is a 400 on `to`", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    const get = (query: string) =>
      t.api.request(`/api/invoices?${query}`, { headers: clerk.headers });
    await assertJsonResponse(await get(""), 200);
    await assertJsonResponse(await get("from=2024-01-01&to=2024-12-31"), 200);
    const long = await assertJsonResponse(await get("from=2020-01-01&to=2026-12-31"), 400) as {
      errors: { field: string; message: string }[];
    };
    assertEquals(long.errors, [{
      field: "to",
      message: `The period can be at most ${MAX_LIST_DAYS} days`,
    }]);
  }));

Deno.test("[api] ZIP exports: at most a few at once (429 past them), a place freed when a download ends or is left", () =>
  withServices(async (t) => {
    const clerk = await loginAs(t, "admin");
    await t.services.orders.create(sketchOrder({
      at: new Date().toISOString(),
      email: "zip@example.com",
      country: "France",
      lines: [{ id: "p", priceCents: 12_000, quantity: 1 }],
      feeCents: 0,
    }));
    const zip = () => t.api.request("/api/invoices/export.zip", { headers: clerk.headers });
    // Downloads started and not read yet: each holds its place.
    const open = [];
    for (let i = 0; i < MAX_ZIP_EXPORTS; i++) {
      const res = await zip();
      assertEquals(res.status, 200);
      open.push(res);
    }
    await assertJsonResponse(await zip(), 429);
    // One reader leaves, another reads to the end: both places are free again.
    await open[0].body!.cancel();
    await open[1].arrayBuffer();
    const again = await Promise.all(Array.from({ length: MAX_ZIP_EXPORTS }, zip));
    assertEquals(again.map((r) => r.status), Array(MAX_ZIP_EXPORTS).fill(200));
    for (const r of again) await r.arrayBuffer();
  }));
