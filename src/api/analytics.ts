import { Hono } from "hono";
import { dateRangeQuerySchema, productPerformanceQuerySchema } from "../domain/analytics.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

/** The Analytics Dashboard's calls, each over `?startDate&endDate` (inclusive shop days). */
export function analyticsRouter(services: Services) {
  const { analytics } = services;
  return new Hono<ApiEnv>()
    .get("/product-performance", async (c) => {
      const range = dateRangeQuerySchema.parse(c.req.query());
      const { limit } = productPerformanceQuerySchema.parse(c.req.query());
      return c.json({ success: true, data: await analytics.productPerformance(range, limit) });
    })
    .get("/order-analytics", async (c) =>
      c.json({
        success: true,
        data: await analytics.orderAnalytics(dateRangeQuerySchema.parse(c.req.query())),
      }))
    .get("/sales-by-gender", async (c) =>
      c.json({
        success: true,
        data: await analytics.salesByGender(dateRangeQuerySchema.parse(c.req.query())),
      }))
    .get("/geographic-sales", async (c) =>
      c.json({
        success: true,
        data: await analytics.geographicSales(dateRangeQuerySchema.parse(c.req.query())),
      }))
    .get("/customer-analytics", async (c) => {
      dateRangeQuerySchema.parse(c.req.query());
      return c.json({ success: true, data: await analytics.customerAnalytics() });
    })
    .get(
      "/real-time-metrics",
      async (c) => c.json({ success: true, data: await analytics.realTimeMetrics() }),
    );
}
