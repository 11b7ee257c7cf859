import { Hono } from "hono";
import type { Services } from "../services/container.ts";

/** `GET /api/health`: 200 when the KV answers, else 503; public, never rate limited or cached. */
export function healthRouter(services: Services) {
  return new Hono().get("/", async (c) => {
    const report = await services.health.check();
    return c.json(report, report.status === "ok" ? 200 : 503);
  });
}
