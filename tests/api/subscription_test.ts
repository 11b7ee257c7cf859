import { assert, assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";

type Body = {
  success?: boolean;
  error?: string;
  message: string;
  errors?: { field: string; message: string }[];
};
const subscribe = (body: unknown) => jsonRequest("POST", body);

Deno.test("[api] POST /api/subscription/subscribe subscribes with consent (time, page)", () =>
  withServices(async ({ api, services }) => {
    const before = Date.now();
    const res = await api.request(
      "/api/subscription/subscribe",
      subscribe({ email: "  Grace@Example.com ", source: "/features" }),
    );
    const body = await assertJsonResponse(res, 201) as Body;
    assertEquals(body.message, "Thank you for subscribing!");
    const s = await services.subscribers.getByEmail("grace@example.com");
    assert(s, "stored under the normalised email");
    assertEquals(s.subscribed, true);
    assertEquals(s.consent.source, "/features");
    assert(Date.parse(s.consent.at) >= before - 1000, "consent time recorded");
  }));

Deno.test("[api] POST /api/subscription/subscribe: a repeated email is a success and one subscriber", () =>
  withServices(async ({ api, services }) => {
    await assertJsonResponse(
      await api.request("/api/subscription/subscribe", subscribe({ email: "a@example.com" })),
      201,
    );
    const again = await assertJsonResponse(
      await api.request("/api/subscription/subscribe", subscribe({ email: "A@example.com " })),
      201,
    ) as Body;
    assertEquals(again.success, true);
    assertEquals((await services.subscribers.list()).length, 1);
  }));

Deno.test("[api] POST /api/subscription/subscribe answers the spec's messages for bad emails", () =>
  withServices(async ({ api, services }) => {
    for (const email of ["", "   ", undefined]) {
      const body = await assertJsonResponse(
        await api.request("/api/subscription/subscribe", subscribe({ email })),
        400,
      ) as Body;
      assertEquals(body.errors, [{ field: "email", message: "Please enter your email address." }]);
      assertEquals(body.message, "email: Please enter your email address.");
    }
    const invalid = await assertJsonResponse(
      await api.request("/api/subscription/subscribe", subscribe({ email: "not-an-email" })),
      400,
    ) as Body;
    assertEquals(invalid.errors, [{
      field: "email",
      message: "Please enter a valid email address.",
    }]);
    assertEquals((await services.subscribers.list()).length, 0);
  }));

Deno.test("[api] POST /api/subscription/subscribe ignores a source that is not a site path", () =>
  withServices(async ({ api, services }) => {
    await assertJsonResponse(
      await api.request(
        "/api/subscription/subscribe",
        subscribe({ email: "b@example.com", source: "https://evil.example/" }),
      ),
      201,
    );
    assertEquals((await services.subscribers.getByEmail("b@example.com"))?.consent.source, "api");
  }));
