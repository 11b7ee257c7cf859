import { Hono } from "hono";
import { NotFoundError } from "../domain/errors.ts";
import { toPublicShippingFee } from "../domain/shipping-fee.ts";
import type { Services } from "../services/container.ts";

/** Public shipping calls: every fee, one country's fee, the countries we ship to. */
export function shippingRouter(services: Services) {
  return new Hono()
    .get("/fees", async (c) => {
      const fees = await services.shippingFees.list();
      return c.json(fees.map(toPublicShippingFee));
    })
    .get("/fees/country/:country", async (c) => {
      const country = c.req.param("country");
      const fee = await services.shippingFees.getByCountry(country);
      if (!fee || !fee.isActive) throw new NotFoundError(`No shipping fee for ${country}`);
      return c.json(toPublicShippingFee(fee));
    })
    .get("/countries", async (c) => {
      const fees = await services.shippingFees.list();
      return c.json(fees.filter((f) => f.isActive).map((f) => ({ country: f.country })));
    });
}
