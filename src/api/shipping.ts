import { type Context, Hono } from "hono";
import { NotFoundError } from "../domain/errors.ts";
import { feeBodySchema, feeUpdateSchema, toPublicShippingFee } from "../domain/shipping-fee.ts";
import { actorOf } from "../services/admin-accounts.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";
import { readJson } from "./validate.ts";

/**
 * Shipping calls: every fee, one country's fee and the countries we ship to (public), and the
 * fee writes of Shipping Fees Management (superadmins, by the authorization table). What a cart
 * shows may be a second old (eventual reads: checkout prices the order from strong ones); the
 * full list stays strong, as the back office reloads it right after its own write.
 */
export function shippingRouter(services: Services) {
  const actor = (c: Context<ApiEnv>) => actorOf(c.get("session").admin);
  const shown = { consistency: "eventual" } as const;
  return new Hono<ApiEnv>()
    .get("/fees", async (c) => {
      const fees = await services.shippingFees.list();
      return c.json(fees.map(toPublicShippingFee));
    })
    .get("/fees/country/:country", async (c) => {
      const country = c.req.param("country");
      const fee = await services.shippingFees.getByCountry(country, shown);
      if (!fee || !fee.isActive) throw new NotFoundError(`No shipping fee for ${country}`);
      return c.json(toPublicShippingFee(fee));
    })
    .get("/countries", async (c) => {
      const fees = await services.shippingFees.list(shown);
      return c.json(fees.filter((f) => f.isActive).map((f) => ({ country: f.country })));
    })
    .post("/fees", async (c) => {
      const body = await readJson(c, feeBodySchema);
      const fee = await services.shippingDesk.create(actor(c), body);
      return c.json({ success: true, message: "Shipping fee added successfully", fee }, 201);
    })
    .put("/fees/:id", async (c) => {
      const body = await readJson(c, feeUpdateSchema);
      const fee = await services.shippingDesk.update(actor(c), c.req.param("id"), body);
      return c.json({ success: true, message: "Shipping fee updated successfully", fee });
    })
    .delete("/fees/:id", async (c) => {
      await services.shippingDesk.remove(actor(c), c.req.param("id"));
      return c.json({ success: true, message: "Shipping fee deleted successfully" });
    });
}
