import { assertEquals } from "../_lib/assert.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

async function errorOf(res: Response) {
  const body = await res.json();
  return { status: res.status, hasMessage: typeof body.message === "string", error: body.error };
}

Deno.test("[api] malformed percent-encoding in a path is a 400 JSON error, not a 500", async () => {
  await withServices(async ({ api }) => {
    for (const path of ["/api/shipping/fees/country/%E0%A4%A", "/api/shipping/fees/country/%"]) {
      const got = await errorOf(await api.request(path));
      assertEquals(got, { status: 400, hasMessage: true, error: "invalid_path" });
    }
  });
});

Deno.test("[api] a country name of 3000 characters is refused before KV", async () => {
  await withServices(async ({ api }) => {
    const got = await errorOf(await api.request(`/api/shipping/fees/country/${"x".repeat(3000)}`));
    assertEquals(got, { status: 414, hasMessage: true, error: "path_too_long" });
  });
});

Deno.test("[api] a country with an encoded percent sign is looked up once-decoded", async () => {
  await withServices(async ({ api }) => {
    const res = await api.request("/api/shipping/fees/country/%25E0");
    assertEquals(res.status, 404);
    assertEquals((await res.json()).message, "No shipping fee for %E0");
  });
});

Deno.test("[api] a body of another type than JSON or multipart is refused with 415", async () => {
  await withServices(async ({ api }) => {
    const res = await api.request("/api/subscription/subscribe", {
      method: "POST",
      headers: { "Content-Type": "text/xml" },
      body: "<a/>",
    });
    assertEquals(await errorOf(res), {
      status: 415,
      hasMessage: true,
      error: "unsupported_media_type",
    });
  });
});

Deno.test("[api] an oversized header or query string is refused with a JSON error", async () => {
  await withServices(async ({ api }) => {
    const header = await api.request("/api/shipping/fees", {
      headers: { Authorization: `Bearer ${"a".repeat(5000)}` },
    });
    assertEquals((await errorOf(header)).status, 431);
    const query = await api.request(`/api/shipping/fees?q=${"a".repeat(3000)}`);
    assertEquals((await errorOf(query)).status, 414);
    const bad = await api.request("/api/shipping/fees?q=%E0%A4%A");
    assertEquals((await errorOf(bad)).status, 400);
    const ok = await api.request("/api/subscription/subscribe", jsonRequest("POST", {}));
    assertEquals(ok.status, 400);
  });
});
