import { Hono } from "hono";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

/**
 * The approved platform's webhook: each event signed (see services/approved-platform.ts). What
 * staff see of the documents sent is on the E-invoices list (api/einvoices.ts).
 */
export function platformRouter(services: Services) {
  const { platform } = services;
  return new Hono<ApiEnv>()
    .post("/webhook", async (c) => {
      const payload = await c.req.text();
      return c.json(
        await platform.handleWebhook(
          payload,
          c.req.header("afnor-signature"),
          c.req.header("afnor-signature-timestamp"),
        ),
      );
    });
}
