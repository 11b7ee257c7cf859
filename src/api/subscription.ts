import { Hono } from "hono";
import { NEWSLETTER_MESSAGES } from "../domain/newsletter.ts";
import { subscribeInputSchema } from "../domain/subscriber.ts";
import type { Services } from "../services/container.ts";
import { type ApiEnv, enforceRateLimit } from "./middleware/rate-limit.ts";
import { readJson } from "./validate.ts";

/** POST /api/subscription/subscribe: the footer's newsletter form. */
export function subscriptionRouter(services: Services) {
  return new Hono<ApiEnv>().post("/subscribe", async (c) => {
    const { email, source, lang } = await readJson(c, subscribeInputSchema);
    await enforceRateLimit(c, services, "newsletter");
    // A known address is answered exactly as a new one: the answer tells no one who subscribed.
    await services.newsletter.subscribe(email, source ?? "api", lang);
    return c.json({ success: true, message: NEWSLETTER_MESSAGES.success }, 201);
  });
}
