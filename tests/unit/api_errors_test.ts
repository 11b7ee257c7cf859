import { Hono } from "hono";
import { z } from "zod";
import { assertEquals, assertJsonResponse } from "../_lib/assert.ts";
import { handleError } from "../../src/api/errors.ts";
import { readJson } from "../../src/api/validate.ts";
import { ConflictError, NotFoundError, UnprocessableError } from "../../src/domain/errors.ts";
import { jsonRequest } from "../_lib/services.ts";

const schema = z.object({ name: z.string().min(1, "Name is required"), qty: z.number().int() });

function app() {
  const a = new Hono();
  a.post("/echo", async (c) => c.json(await readJson(c, schema)));
  a.get("/missing", () => {
    throw new NotFoundError("Product not found");
  });
  a.get("/taken", () => {
    throw new ConflictError("Email taken", [{ field: "email", message: "Email taken" }]);
  });
  a.get("/stock", () => {
    throw new UnprocessableError("not_enough_stock", "Not enough stock for Board");
  });
  a.get("/boom", () => {
    throw new Error("secret internals");
  });
  a.onError(handleError);
  return a;
}

Deno.test("[unit] api errors: bad JSON is a 400 with a clear message", async () => {
  const res = await app().request("/echo", jsonRequest("POST", "{not json"));
  const body = await assertJsonResponse(res, 400) as { error: string; message: string };
  assertEquals(body, { error: "validation_error", message: "Request body must be valid JSON" });
});

Deno.test("[unit] api errors: wrong types are a 400 with field errors", async () => {
  const res = await app().request("/echo", jsonRequest("POST", { name: "", qty: "2" }));
  const body = await assertJsonResponse(res, 400) as { errors: { field: string; message: string }[] };
  assertEquals(body.errors.map((e) => e.field), ["name", "qty"]);
  assertEquals(body.errors[0].message, "Name is required");
});

Deno.test("[unit] api errors: domain errors keep their status and code", async () => {
  const a = app();
  assertEquals(
    await assertJsonResponse(await a.request("/missing"), 404),
    { error: "not_found", message: "Product not found" },
  );
  assertEquals(
    await assertJsonResponse(await a.request("/taken"), 409),
    { error: "conflict", message: "Email taken", errors: [{ field: "email", message: "Email taken" }] },
  );
  assertEquals(
    await assertJsonResponse(await a.request("/stock"), 422),
    { error: "not_enough_stock", message: "Not enough stock for Board" },
  );
});

Deno.test("[unit] api errors: unexpected errors are a 500 that hides internals", async () => {
  const original = console.error;
  console.error = () => {};
  try {
    const body = await assertJsonResponse(await app().request("/boom"), 500) as { message: string };
    assertEquals(body.message.includes("secret"), false);
  } finally {
    console.error = original;
  }
});
