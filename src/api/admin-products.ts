import { Hono } from "hono";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

/** `GET /api/admins/products`: every product as staff see it, for the order form. */
export function adminProductsRouter(services: Services) {
  return new Hono<ApiEnv>().get("/", async (c) => c.json(await services.productDesk.list()));
}
