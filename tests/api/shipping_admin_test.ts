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

Deno.test("[api] shipping fees: only for the shop's countries (400 on the field), named as its list does", () =>
  withServices(async (t) => {
    const boss = await loginAs(t, "seeded");
    const post = (body: unknown) =>
      t.api.request("/api/shipping/fees", jsonRequest("POST", body, boss.headers));
    const before = (await t.services.shippingFees.list()).length;
    // Not countries; and Israel, which EXCLUDED_COUNTRIES (default IL) keeps out of the shop.
    for (const country of ["Narnia", "Atlantis", "France2", "Israel"]) {
      const body = await assertJsonResponse(await post({ country, shippingFee: 5 }), 400) as {
        message: string;
        errors: { field: string; message: string }[];
      };
      const message = `Invalid country: ${country}. Please use a valid country name.`;
      assertEquals(body.message, message);
      assertEquals(body.errors, [{ field: "country", message }]);
    }
    assertEquals((await t.services.shippingFees.list()).length, before, "nothing added");
    // Any case or accents; stored as the list spells it.
    const added = await assertJsonResponse(
      await post({ country: "cote d'ivoire", shippingFee: 30 }),
      201,
    ) as {
      fee: { _id: string; country: string };
    };
    assertEquals(added.fee.country, "Côte d’Ivoire");
    const rename = (id: string, country: string) =>
      t.api.request(`/api/shipping/fees/${id}`, jsonRequest("PUT", { country }, boss.headers));
    await assertJsonResponse(await rename(added.fee._id, "Narnia"), 400);
    // A fee stored before the rule stays editable: its own name sent back is no change.
    const legacy = await t.services.shippingFees.create({ country: "Old Country", shippingFee: 1 });
    const keep = await t.api.request(
      `/api/shipping/fees/${legacy.id}`,
      jsonRequest("PUT", { country: "Old Country", shippingFee: 2 }, boss.headers),
    );
    assertEquals(
      (await assertJsonResponse(keep, 200) as { fee: { shippingFee: number } }).fee.shippingFee,
      2,
    );
  }));
