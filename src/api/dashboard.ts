import { Hono } from "hono";
import { dateRangeQuerySchema } from "../domain/analytics.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

/** The Dashboard's calls: lifetime, month and year figures, and sales per day. */
export function dashboardRouter(services: Services) {
  return new Hono<ApiEnv>()
    .get(
      "/stats",
      async (c) =>
        c.json({
          success: true,
          data: {
            ...await services.analytics.dashboardStats(),
            // What buyers on terms owe, and how much of it is overdue.
            receivables: (await services.receivables.list()).totals,
            // E-invoices that need staff: how many, and the first few, refused and rejected first.
            einvoices: await services.einvoiceTransmissions.attention(),
          },
        }),
    )
    .get("/sales-over-time", async (c) => {
      const range = dateRangeQuerySchema.parse(c.req.query());
      return c.json({ success: true, data: await services.analytics.salesOverTime(range) });
    });
}
