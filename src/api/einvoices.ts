import { Hono } from "hono";
import { transmissionQuerySchema } from "../domain/einvoice-transmission.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

/**
 * `GET /api/e-invoices?channel=&orderId=&flagged=`: what became of the e-invoices sent to
 * Chorus Pro or the platform, flagged ones first, then newest first.
 */
export function einvoicesRouter(services: Services) {
  return new Hono<ApiEnv>().get("/", async (c) => {
    const q = transmissionQuerySchema.parse(c.req.query());
    return c.json({ transmissions: await services.einvoiceTransmissions.list(q) });
  });
}
