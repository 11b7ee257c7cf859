import { Hono } from "hono";
import { quoteBodySchema } from "../domain/checkout.ts";
import type { Services } from "../services/container.ts";
import { type ApiEnv, enforceRateLimit } from "./middleware/rate-limit.ts";
import { buyerLanguage } from "./middleware/buyer-language.ts";
import { readJson } from "./validate.ts";

/** `/api/checkout`: the cart priced and taxed before paying (the cart, the checkout form). */
export function checkoutRouter(services: Services) {
  return new Hono<ApiEnv>()
    .use("*", buyerLanguage)
    .post("/quote", async (c) => {
      const body = await readJson(c, quoteBodySchema);
      // Counted before the catalogue is read; a VAT number means a call to VIES too.
      await enforceRateLimit(c, services, "quote");
      if (body.business?.vatNumber) await enforceRateLimit(c, services, "vatCheck");
      return c.json(await services.checkout.quote(body));
    });
}
