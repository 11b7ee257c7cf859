import { Hono } from "hono";
import { assertEquals } from "../_lib/assert.ts";
import { ValidationError } from "../../src/domain/errors.ts";
import { handleError } from "../../src/api/errors.ts";
import { buyerLanguage, shapeRefusals } from "../../src/api/middleware/buyer-language.ts";
import type { ApiEnv } from "../../src/api/middleware/rate-limit.ts";

/** A router as the API mounts them: a thrown refusal and a returned one, under `middleware`. */
function app(middleware: ReturnType<typeof shapeRefusals>) {
  const api = new Hono<ApiEnv>().use("*", middleware)
    .post("/thrown", () => {
      throw new ValidationError("Email is required", [
        { field: "customer.email", message: "Email is required" },
      ]);
    })
    .post("/returned", (c) => c.json({ error: "conflict", message: "Email is required" }, 409))
    .post("/ok", (c) => c.json({ ok: true }));
  api.onError(handleError);
  return api;
}

const call = async (api: Hono<ApiEnv>, path: string, locale: string) => {
  const res = await api.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ locale }),
  });
  return { status: res.status, body: await res.json() };
};

Deno.test("[unit] refusals in the buyer's language: thrown or returned, in French when the page is", async () => {
  const api = app(buyerLanguage);
  assertEquals(await call(api, "/thrown", "fr"), {
    status: 400,
    body: {
      error: "validation_error",
      message: "L’e-mail est obligatoire",
      errors: [{ field: "customer.email", message: "L’e-mail est obligatoire" }],
    },
  });
  assertEquals(await call(api, "/returned", "fr"), {
    status: 409,
    body: { error: "conflict", message: "L’e-mail est obligatoire" },
  });
  assertEquals((await call(api, "/thrown", "en")).body.message, "Email is required");
  assertEquals(await call(api, "/ok", "fr"), { status: 200, body: { ok: true } });
});

Deno.test("[unit] refusals reshaped by a router (the payment calls' success: false), thrown or returned", async () => {
  const api = app(shapeRefusals((_c, body) => Promise.resolve({ success: false, ...body })));
  assertEquals((await call(api, "/thrown", "en")).body.success, false);
  assertEquals(await call(api, "/returned", "en"), {
    status: 409,
    body: { success: false, error: "conflict", message: "Email is required" },
  });
  assertEquals(await call(api, "/ok", "en"), { status: 200, body: { ok: true } });
});
