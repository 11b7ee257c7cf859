import { assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { jsonRequest, withServices } from "../_lib/services.ts";
import { FORM_LIMITS, RATE_LIMITED_MESSAGE } from "../../src/api/middleware/rate-limit.ts";
import { VALID_DEMO_REQUEST } from "../_lib/fixtures.ts";

const demo = VALID_DEMO_REQUEST;

Deno.test("[api] POST /api/demo: one client past the limit gets 429 and nothing is stored", () =>
  withServices(async ({ api, services }) => {
    const from = (clientAddress: string) =>
      api.request("/api/demo", jsonRequest("POST", demo), { clientAddress });
    for (let i = 0; i < FORM_LIMITS.demo.limit; i++) {
      await assertJsonResponse(await from("203.0.113.7"), 201);
    }
    const refused = await from("203.0.113.7");
    assertEquals(Number(refused.headers.get("Retry-After")) > 0, true);
    assertEquals(await assertJsonResponse(refused, 429), {
      error: "rate_limited",
      message: RATE_LIMITED_MESSAGE,
    });
    assertEquals((await services.demoRequests.list()).length, FORM_LIMITS.demo.limit);
    // Another visitor is not affected.
    await assertJsonResponse(await from("198.51.100.2"), 201);
  }));

Deno.test("[api] POST /api/subscription/subscribe is limited per client", () =>
  withServices(async ({ api }) => {
    const subscribe = (i: number) =>
      api.request(
        "/api/subscription/subscribe",
        jsonRequest("POST", { email: `reader${i}@example.com` }),
        { clientAddress: "203.0.113.9" },
      );
    for (let i = 0; i < FORM_LIMITS.newsletter.limit; i++) {
      const res = await subscribe(i);
      await res.body?.cancel();
      assertEquals(res.status, 201);
    }
    await assertJsonResponse(await subscribe(99), 429);
  }));
