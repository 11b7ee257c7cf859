import { Hono } from "hono";
import { DEMO_MESSAGES } from "../domain/demo-form.ts";
import metadata from "libphonenumber-js/max/metadata";
import { validateDemoRequest } from "../domain/demo-request.ts";
import { ValidationError } from "../domain/errors.ts";
import type { Services } from "../services/container.ts";
import { type ApiEnv, enforceRateLimit } from "./middleware/rate-limit.ts";

/** POST /api/demo: the demo request form (spec sections 5 and 7). */
export function demoRouter(services: Services) {
  return new Hono<ApiEnv>().post("/", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ValidationError("Request body must be valid JSON");
    }
    const result = validateDemoRequest(body, metadata, services.config.excludedCountries);
    if (!result.ok) {
      const [first] = result.errors;
      throw new ValidationError(`${first.field}: ${first.message}`, result.errors);
    }
    await enforceRateLimit(c, services, "demo");
    const request = await services.demoDesk.submit(result.data);
    return c.json({
      success: true,
      message: DEMO_MESSAGES.success,
      id: request.id,
    }, 201);
  });
}
