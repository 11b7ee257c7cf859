import { Hono } from "hono";
import { toPublicProduct } from "../domain/product.ts";
import type { Services } from "../services/container.ts";
import type { ApiEnv } from "./middleware/rate-limit.ts";

/**
 * `GET /api/admins/products`: every product as staff see it (inactive and non-euro ones too,
 * with their real stock), for the order form.
 */
export function adminProductsRouter(services: Services) {
  return new Hono<ApiEnv>().get("/", async (c) => {
    const products = await services.products.list();
    return c.json(
      products.map((p) => ({
        ...toPublicProduct(p),
        isActive: p.isActive,
        createdAt: p.createdAt,
      })),
    );
  });
}
