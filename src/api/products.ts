import { Hono } from "hono";
import { NotFoundError } from "../domain/errors.ts";
import type { Services } from "../services/container.ts";

/** The public catalogue: `GET /api/public/products` and one product by id or slug. */
export function publicProductsRouter(services: Services) {
  return new Hono()
    .get("/", async (c) => {
      c.header("Cache-Control", "no-cache");
      return c.body(await services.catalog.json(), 200, {
        "Content-Type": "application/json; charset=utf-8",
      });
    })
    .get("/:idOrSlug", async (c) => {
      const key = c.req.param("idOrSlug");
      const product = (await services.catalog.list()).find((p) => p._id === key || p.slug === key);
      if (!product) throw new NotFoundError("Product not found");
      return c.json(product);
    });
}
