import { Hono } from "hono";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

/**
 * The approved platform: its webhook (each event signed, see services/approved-platform.ts)
 * and what staff see of the shop's e-invoices there, those to act on (refused, rejected) first.
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
    })
    .get("/transmissions", async (c) => {
      const orderId = c.req.query("orderId");
      const records = await platform.records();
      return c.json({
        success: true,
        enabled: platform.enabled,
        data: orderId ? records.filter((r) => r.orderId === orderId) : records,
      });
    });
}
