import { assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { loginAs } from "../_lib/admin.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

Deno.test("[api] shipping fees: add, edit, deactivate, delete; one per country; audited", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const add = await t.api.request(
      "/api/shipping/fees",
      jsonRequest("POST", { country: "Portugal", shippingFee: 13.5 }, boss.headers),
    );
    const created = await assertJsonResponse(add, 201) as {
      message: string;
      fee: { _id: string; isActive: boolean; currency: string };
    };
    assertEquals(created.message, "Shipping fee added successfully");
    assertEquals([created.fee.isActive, created.fee.currency], [true, "EUR"], "default Active");
    const id = created.fee._id;
    const public1 = await t.api.request("/api/shipping/fees/country/Portugal");
    assertEquals(
      (await assertJsonResponse(public1, 200) as { shippingFee: number }).shippingFee,
      13.5,
    );

    const dup = await t.api.request(
      "/api/shipping/fees",
      jsonRequest("POST", { country: "portugal", shippingFee: 1 }, boss.headers),
    );
    await assertJsonResponse(dup, 409);
    for (const bad of [{ country: "", shippingFee: 1 }, { country: "Chile" }, { shippingFee: 3 }]) {
      const res = await t.api.request("/api/shipping/fees", jsonRequest("POST", bad, boss.headers));
      const body = await assertJsonResponse(res, 400) as { message: string };
      assertEquals(
        body.message.endsWith("Country and shipping fee are required"),
        true,
        body.message,
      );
    }
    const negative = await t.api.request(
      "/api/shipping/fees",
      jsonRequest("POST", { country: "Chile", shippingFee: -1 }, boss.headers),
    );
    await assertJsonResponse(negative, 400);

    const edit = await t.api.request(
      `/api/shipping/fees/${id}`,
      jsonRequest("PUT", { shippingFee: 15, isActive: false }, boss.headers),
    );
    assertEquals(
      (await assertJsonResponse(edit, 200) as { message: string }).message,
      "Shipping fee updated successfully",
    );
    // Inactive: gone from the public calls at once.
    await assertJsonResponse(await t.api.request("/api/shipping/fees/country/Portugal"), 404);
    const countries = await (await t.api.request("/api/shipping/countries")).json() as {
      country: string;
    }[];
    assertEquals(countries.some((c) => c.country === "Portugal"), false);

    const del = await t.api.request(`/api/shipping/fees/${id}`, {
      method: "DELETE",
      headers: boss.headers,
    });
    assertEquals(
      (await assertJsonResponse(del, 200) as { message: string }).message,
      "Shipping fee deleted successfully",
    );
    const gone = await t.api.request(
      `/api/shipping/fees/${id}`,
      jsonRequest("PUT", { shippingFee: 1 }, boss.headers),
    );
    await assertJsonResponse(gone, 404);
    const actions = (await t.services.audit.forRecord("shipping_fee", id)).map((e) => e.action);
    assertEquals(actions, ["shipping_fee.create", "shipping_fee.update", "shipping_fee.delete"]);
  }));
